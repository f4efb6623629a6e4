import { useId } from 'react';
import {
  isoDay,
  usageBys,
  usageGroupBys,
  usagePeriods,
  type UsagePeriod,
  type UsageSearch,
} from '../search';

const periodLabels: Record<UsagePeriod, string> = {
  month: 'This month',
  '30d': 'Last 30 days',
  custom: 'Custom days',
};
const groupByLabels = { day: 'Day', week: 'Week', month: 'Month' } as const;
const byLabels = { kind: 'Kind', person: 'Person', token: 'Token' } as const;

const fieldClass =
  'min-h-11 rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm md:min-h-0 dark:border-zinc-700 dark:bg-zinc-950';

function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Choice<T extends string>({
  id,
  options,
  labels,
  value,
  onChange,
}: {
  id: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value as T)}
      className={fieldClass}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </select>
  );
}

/**
 * The report's period, grouping and split, each a labelled native control. What they choose
 * goes to the URL. `from` and `to` are the days shown now, so a switch to custom days starts
 * from them.
 */
export function UsageFilters({
  search,
  from,
  to,
  error,
  onChange,
}: {
  search: UsageSearch;
  from: string;
  to: string;
  /** Why the custom days give no report. */
  error?: string | undefined;
  onChange: (patch: Partial<UsageSearch>) => void;
}) {
  const errorId = useId();
  const day = (value: string) => isoDay(value);
  return (
    <div role="group" aria-label="Report" className="flex flex-wrap items-end gap-3">
      <Field label="Period">
        {(id) => (
          <Choice
            id={id}
            options={usagePeriods}
            labels={periodLabels}
            value={search.period}
            onChange={(period) =>
              onChange(
                period === 'custom'
                  ? { period, from, to }
                  : { period, from: undefined, to: undefined },
              )
            }
          />
        )}
      </Field>
      {search.period === 'custom' && (
        <>
          <Field label="From">
            {(id) => (
              <input
                id={id}
                type="date"
                value={from}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                // A half-typed date reads as empty: the URL keeps the last whole one.
                onChange={(event) => {
                  const value = day(event.target.value);
                  if (value) onChange({ from: value });
                }}
                className={fieldClass}
              />
            )}
          </Field>
          <Field label="To">
            {(id) => (
              <input
                id={id}
                type="date"
                value={to}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  const value = day(event.target.value);
                  if (value) onChange({ to: value });
                }}
                className={fieldClass}
              />
            )}
          </Field>
        </>
      )}
      <Field label="Group by">
        {(id) => (
          <Choice
            id={id}
            options={usageGroupBys}
            labels={groupByLabels}
            value={search.group_by}
            onChange={(group_by) => onChange({ group_by })}
          />
        )}
      </Field>
      <Field label="Split spend by">
        {(id) => (
          <Choice
            id={id}
            options={usageBys}
            labels={byLabels}
            value={search.by}
            onChange={(by) => onChange({ by })}
          />
        )}
      </Field>
      {error && (
        <p
          id={errorId}
          role="alert"
          className="basis-full text-sm font-medium text-red-600 dark:text-red-400"
        >
          {error}
        </p>
      )}
    </div>
  );
}
