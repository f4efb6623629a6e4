import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { CreateWebhook } from '../../../../api/contract/notifications';
import { Button } from '../../../../components/button';
import { usePreloadWhenUsed } from '../../../../components/deferred';
import { ChoiceGroup } from '../../../../components/form/choice-group';
import { TextField } from '../../../../components/form/text-field';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import {
  eventLabels,
  eventTypes,
  formatLabels,
  scopeLabels,
  webhookFieldErrors,
  webhookFieldLabels,
} from '../webhook-fields';

const resolver = lazyZodResolver<CreateWebhook, WebhookFormValues>(
  () => import('../webhook-form-schema').then((m) => m.webhookFormSchema),
  webhookFieldLabels,
);

export type WebhookFormValues = Required<CreateWebhook>;

interface WebhookFormProps {
  defaultValues: WebhookFormValues;
  /** Signed in: a webhook is personal or the team's. In open mode every webhook sees every job. */
  showScope: boolean;
  submitLabel: string;
  /** Resolves once saved; a rejection keeps what was typed for another try. */
  onSubmit: (values: WebhookFormValues) => Promise<unknown>;
  onCancel: () => void;
  submitting: boolean;
  /** The last save's failure, if it failed. */
  error: Error | null;
}

const selectClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs md:min-h-0 dark:border-zinc-700 dark:bg-zinc-900';

/** Where a webhook sends, which events, in which layout, and for whom. */
export function WebhookForm({
  defaultValues,
  showScope,
  submitLabel,
  onSubmit,
  onCancel,
  submitting,
  error,
}: WebhookFormProps) {
  const { register, handleSubmit, formState } = useForm<CreateWebhook, unknown, WebhookFormValues>({
    resolver,
    defaultValues,
  });
  usePreloadWhenUsed(resolver.preload);
  const formatId = useId();
  const eventsErrorId = useId();
  const fromServer = webhookFieldErrors(error);
  const errors = {
    url: formState.errors.url?.message ?? fromServer.url,
    events: formState.errors.events?.message ?? fromServer.events,
    format: formState.errors.format?.message ?? fromServer.format,
    scope: formState.errors.scope?.message ?? fromServer.scope,
    description: formState.errors.description?.message ?? fromServer.description,
  };
  const placed = Object.keys(fromServer).length > 0;

  const submit = handleSubmit(async (values) => {
    try {
      // The schema's output (trimmed, defaults filled in) is what the gateway gets.
      await onSubmit(values);
    } catch {
      // Shown from `error`; everything typed stays for another try.
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={webhookFieldLabels.url}
        // The form opens in a dialog to be filled in: the first field is where typing starts.
        autoFocus
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/media-studio"
        hint="Where the gateway sends each event, as a signed POST."
        error={errors.url}
        {...register('url')}
      />
      <fieldset aria-describedby={errors.events ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium">{webhookFieldLabels.events}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex min-h-11 items-center gap-2 text-sm md:min-h-0">
              <input
                type="checkbox"
                value={type}
                aria-invalid={errors.events ? true : undefined}
                className="size-4 rounded border-zinc-300 accent-brand-600"
                {...register('events')}
              />
              {eventLabels[type]}
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={eventsErrorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={formatId} className="block text-sm font-medium">
          {webhookFieldLabels.format}
        </label>
        <select
          id={formatId}
          className={selectClass}
          aria-invalid={errors.format ? true : undefined}
          {...register('format')}
        >
          {Object.entries(formatLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {errors.format && (
          <p className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">{errors.format}</p>
        )}
      </div>
      {showScope && (
        <div>
          <ChoiceGroup
            legend={webhookFieldLabels.scope}
            options={Object.entries(scopeLabels).map(([value, { label }]) => ({ value, label }))}
            error={errors.scope}
            {...register('scope')}
          />
          <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {scopeLabels.personal.label}: {scopeLabels.personal.hint.toLowerCase()}.{' '}
            {scopeLabels.team.label}: {scopeLabels.team.hint.toLowerCase()}.
          </p>
        </div>
      )}
      <TextField
        label={webhookFieldLabels.description}
        autoComplete="off"
        hint="Optional: what receives it, e.g. the team channel."
        error={errors.description}
        {...register('description')}
      />
      {error && !placed && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The webhook could not be saved: {error.message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
