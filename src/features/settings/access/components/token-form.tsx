import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { CreateAccessToken } from '../../../../api/contract/access';
import { accessTokenNameMax } from '../../../../api/contract/access-paths';
import { Button } from '../../../../components/button';
import { usePreloadWhenUsed } from '../../../../components/deferred';
import { TextField } from '../../../../components/form/text-field';
import { fieldErrorsFrom } from '../../../../lib/field-errors';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';

const resolver = lazyZodResolver(() =>
  import('../token-form-schema').then((m) => m.tokenFormSchema),
);

interface TokenFormProps {
  /** Resolves once the token exists; a rejection leaves the name in the field to try again. */
  onCreate: (values: CreateAccessToken) => Promise<unknown>;
  creating: boolean;
  /** The last creation's failure, if it failed. */
  error: Error | null;
}

/** A month by default: long enough for a script's setup, short enough that a forgotten one ends. */
const expiryChoices = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;
const defaultExpiryDays = 30;

/** The contract's messages say the rule; the field's label leads so the message names it too. */
const withLabel = (message: string | undefined) =>
  message && `Token name: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

export function TokenForm({ onCreate, creating, error }: TokenFormProps) {
  const { register, handleSubmit, formState, reset } = useForm<CreateAccessToken>({
    resolver,
    defaultValues: { name: '', expires_in_days: defaultExpiryDays },
  });
  usePreloadWhenUsed(resolver.preload);
  const expiresId = useId();
  const fromServer = fieldErrorsFrom(error, ['name']).name;

  const submit = handleSubmit(async (values) => {
    try {
      await onCreate(values);
      reset();
    } catch {
      // Shown below from `error`; the name stays for another try.
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label="Token name"
          className="min-w-0 flex-1 basis-60"
          autoComplete="off"
          spellCheck={false}
          maxLength={accessTokenNameMax * 2}
          hint="What uses it, e.g. nightly export: shown in the list and in the jobs it starts."
          error={withLabel(formState.errors.name?.message ?? fromServer)}
          {...register('name')}
        />
        <div className="basis-32">
          <label htmlFor={expiresId} className="block text-sm font-medium">
            Expires
          </label>
          <select
            id={expiresId}
            className="mt-1 block min-h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs md:min-h-0 dark:border-zinc-700 dark:bg-zinc-900"
            {...register('expires_in_days', {
              setValueAs: (value: unknown) =>
                value === 'never' || value === null ? null : Number(value),
            })}
          >
            {expiryChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={creating} className="sm:mt-6">
          {creating ? 'Creating…' : 'Create token'}
        </Button>
      </div>
      {error && !fromServer && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The token could not be created: {error.message}
        </p>
      )}
    </form>
  );
}
