import clsx from 'clsx';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/button';
import { usePreloadWhenUsed } from '../../../../components/deferred';
import { fieldErrorsFrom } from '../../../../lib/field-errors';
import { labelledMessage } from '../../../../lib/field-labels';
import { lazyZodResolver } from '../../../../lib/lazy-resolver';
import type { BudgetFormInput, BudgetFormOutput } from '../budget-form-schema';

const resolver = lazyZodResolver<BudgetFormInput, BudgetFormOutput>(() =>
  import('../budget-form-schema').then((m) => m.budgetFormSchema),
);

interface BudgetLimitFormProps {
  /** The field's label, which its messages start with: "Team monthly limit", "Monthly limit for Alice". */
  label: string;
  /** Whose limit, for the buttons' names: "the team's monthly limit". */
  subject: string;
  /** The limit as it is now (null: none). */
  limit: number | null;
  /** Resolves once saved (null: removed); a rejection leaves the input as it was typed. */
  onSave: (limit: number | null) => Promise<unknown>;
  saving: boolean;
  /** The last save's failure, if it failed. */
  error: Error | null;
  /** In a table row: the label is read out but not shown, the column header says it. */
  compact?: boolean;
}

/** A limit as the input shows it: whole dollars plain, cents with both digits. */
const asInput = (limit: number | null) =>
  limit === null ? '' : Number.isInteger(limit) ? String(limit) : limit.toFixed(2);

/** One monthly limit, in dollars: Save sets it, Remove takes it away. */
export function BudgetLimitForm(props: BudgetLimitFormProps) {
  const { label, subject, limit, onSave, saving, error, compact = false } = props;
  const { register, handleSubmit, formState, reset, getFieldState } = useForm<
    BudgetFormInput,
    unknown,
    BudgetFormOutput
  >({ resolver, defaultValues: { monthly_limit: asInput(limit) } });
  usePreloadWhenUsed(resolver.preload);
  const id = useId();
  const labels = { monthly_limit: label };
  const named = fieldErrorsFrom(error, ['monthly_limit'], labels).monthly_limit;
  // A refusal's message may name the field itself (`monthly_limit must…`) or only the rule.
  const fromServer = named && (named.startsWith(label) ? named : `${label}: ${named}`);
  const fieldError = formState.errors.monthly_limit?.message;
  const shownError = fieldError ? labelledMessage(fieldError, labels) : fromServer;

  // A limit set elsewhere (another tab, a teammate) shows, unless the field is being edited.
  const shown = useRef(limit);
  useEffect(() => {
    if (shown.current === limit) return;
    shown.current = limit;
    if (!getFieldState('monthly_limit').isDirty) reset({ monthly_limit: asInput(limit) });
  }, [limit, getFieldState, reset]);

  const save = async (next: number | null) => {
    try {
      await onSave(next);
      reset({ monthly_limit: asInput(next) });
      // Remove goes away with the limit: the focus stays in the card, on the field.
      if (next === null) document.getElementById(id)?.focus();
    } catch {
      // Shown from `error`; what was typed stays for another try.
    }
  };

  return (
    <form
      onSubmit={handleSubmit((values) => save(values.monthly_limit))}
      noValidate
      aria-label={compact ? label : undefined}
      className={clsx('flex flex-wrap gap-2', compact ? 'items-center' : 'items-end')}
    >
      <div className={compact ? 'w-32' : 'w-44'}>
        <label htmlFor={id} className={compact ? 'sr-only' : 'block text-sm font-medium'}>
          {label}
        </label>
        <div className="relative mt-1">
          <span
            aria-hidden
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-zinc-500 dark:text-zinc-400"
          >
            $
          </span>
          <input
            id={id}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            autoComplete="off"
            placeholder={compact ? 'No limit' : 'e.g. 50'}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? `${id}-error` : undefined}
            className="block min-h-11 w-full rounded-lg border border-zinc-300 bg-white py-2 pr-3 pl-7 text-sm tabular-nums shadow-xs placeholder:text-zinc-400 aria-invalid:border-red-500 md:min-h-0 dark:border-zinc-700 dark:bg-zinc-900"
            {...register('monthly_limit')}
          />
        </div>
      </div>
      <Button type="submit" disabled={saving} aria-label={`Save ${subject}`}>
        {saving ? 'Saving…' : 'Save'}
      </Button>
      {limit !== null && (
        <Button
          variant="secondary"
          disabled={saving}
          aria-label={`Remove ${subject}`}
          onClick={() => void save(null)}
        >
          Remove
        </Button>
      )}
      {shownError && (
        <p
          id={`${id}-error`}
          className="basis-full text-xs font-medium text-red-600 dark:text-red-400"
        >
          {shownError}
        </p>
      )}
      {error && !fromServer && (
        <p role="alert" className="basis-full text-sm text-red-700 dark:text-red-400">
          {`${subject.charAt(0).toUpperCase()}${subject.slice(1)} could not be saved: ${error.message}`}
        </p>
      )}
    </form>
  );
}
