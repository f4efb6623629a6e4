import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { sandboxLanguages } from '../../../api/contract/sandbox-languages';
import { Button } from '../../../components/button';
import { ShortcutForm } from '../../../components/form/shortcut-form';
import { CopyCurlButton } from '../../../components/copy-curl-button';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { usePreloadWhenUsed } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  languageLabels,
  sandboxFieldLabels,
  sandboxFields,
  type SandboxFormValues,
} from '../sandbox-form-values';
import { PackageTagsInput } from './package-tags-input';

const languageOptions = sandboxLanguages.map((language) => ({
  value: language,
  label: languageLabels[language],
}));

const resolver = lazyZodResolver(
  () => import('../sandbox-form-schema').then((m) => m.sandboxFormSchema),
  sandboxFieldLabels,
);

interface SandboxFormProps {
  defaultValues: SandboxFormValues;
  /** Resolves once the sandbox exists; rejects when it could not be made (the page shows why). */
  onSubmit: (values: SandboxFormValues) => Promise<unknown>;
  pending: boolean;
  /** Messages the last failed request tied to fields. */
  serverErrors?: Partial<Record<(typeof sandboxFields)[number], string>>;
  /** The request as curl, for what is typed now. */
  curlFor: (request: SandboxFormValues) => string;
}

export function SandboxForm({
  defaultValues,
  onSubmit,
  pending,
  serverErrors,
  curlFor,
}: SandboxFormProps) {
  const { register, handleSubmit, control, formState, setError, reset, getValues } =
    useForm<SandboxFormValues>({ resolver, defaultValues });
  usePreloadWhenUsed(resolver.preload);
  const [language, packages] = useWatch({ control, name: ['language', 'packages'] });

  useEffect(() => {
    for (const field of sandboxFields) {
      const message = serverErrors?.[field];
      if (message) setError(field, { type: 'server', message }, { shouldFocus: false });
    }
  }, [serverErrors, setError]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch {
      // Shown by the page; what was typed stays for another try.
      return;
    }
    // The next sandbox is likely in the same language, with other packages.
    reset({ language: getValues('language'), packages: [] });
  });

  const packagesError = formState.errors.packages;
  return (
    <ShortcutForm submit={submit} pending={pending} aria-label="New sandbox" className="space-y-5">
      <ChoiceGroup
        legend="Language"
        options={languageOptions}
        error={formState.errors.language?.message}
        {...register('language')}
      />
      <Controller
        control={control}
        name="packages"
        render={({ field }) => (
          <PackageTagsInput
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={
              packagesError?.message ??
              (Array.isArray(packagesError)
                ? packagesError.find((item) => item?.message)?.message
                : undefined)
            }
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create sandbox'}
        </Button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          or press <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd>
        </span>
      </div>
      <CopyCurlButton command={curlFor({ language, packages })} label="sandbox request" />
    </ShortcutForm>
  );
}
