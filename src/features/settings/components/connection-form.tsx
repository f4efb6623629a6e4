import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form/text-field';
import { usePreloadWhenUsed } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import type { ConnectionFormValues } from '../connection-form-values';

const resolver = lazyZodResolver(() =>
  import('../connection-form-schema').then((m) => m.connectionFormSchema),
);

interface ConnectionFormProps {
  defaultValues: ConnectionFormValues;
  onSave: (values: ConnectionFormValues) => void;
  onTest: (values: ConnectionFormValues) => void;
  saving: boolean;
  testing: boolean;
}

const modes = [
  {
    value: 'gateway',
    label: 'Through this dashboard’s server (recommended)',
    hint: 'Requests go to /api on this server, which adds the credentials it was started with. No key is kept in the browser.',
  },
  {
    value: 'direct',
    label: 'Directly to a service URL',
    hint: 'The browser calls the service itself with the key you enter here.',
  },
] as const;

export function ConnectionForm({
  defaultValues,
  onSave,
  onTest,
  saving,
  testing,
}: ConnectionFormProps) {
  const { register, handleSubmit, control, formState } = useForm<ConnectionFormValues>({
    resolver,
    defaultValues,
  });
  usePreloadWhenUsed(resolver.preload);
  const mode = useWatch({ control, name: 'mode' });
  const errors = formState.errors;

  return (
    <form onSubmit={handleSubmit(onSave)} noValidate className="space-y-5">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Connection mode</legend>
        {modes.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-brand-500 has-checked:bg-brand-50/60 dark:border-zinc-700 dark:has-checked:bg-zinc-800"
          >
            <input type="radio" value={option.value} {...register('mode')} className="mt-1" />
            <span>
              <span className="block text-sm font-medium">{option.label}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {mode === 'direct' && (
        <div className="space-y-4">
          <p
            role="note"
            className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          >
            In direct mode the API key is stored in this browser’s local storage and sent from this
            browser. Anyone with access to this browser profile can read it. Use gateway mode to
            keep the key on the server.
          </p>
          <TextField
            label="Base URL"
            type="url"
            placeholder="https://api.example.com"
            autoComplete="url"
            hint="The service origin; requests go to {base URL}/api/v1/…"
            error={errors.baseUrl?.message}
            {...register('baseUrl')}
          />
          <TextField
            label="API key"
            type="password"
            autoComplete="off"
            spellCheck={false}
            error={errors.apiKey?.message}
            {...register('apiKey')}
          />
          <TextField
            label="Stack ID"
            autoComplete="off"
            spellCheck={false}
            hint="Sent as X-Stack-Id. Required by most endpoints of the service."
            error={errors.stackId?.message}
            {...register('stackId')}
          />
        </div>
      )}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save connection'}
        </Button>
        <Button variant="secondary" disabled={testing} onClick={handleSubmit(onTest)}>
          {testing ? 'Testing…' : 'Test connection'}
        </Button>
      </div>
    </form>
  );
}
