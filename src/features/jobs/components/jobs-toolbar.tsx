import { OptionFilter, SearchField, SourceSelect } from '../../../components/list-filter';
import type { HistoryPerson } from '../../../api/contract/history';
import { trackedJobKinds } from '../../../lib/tracked-jobs';
import { boardStatuses, kindLabels, statusLabels } from '../job-state';
import { jobViews, type JobsSearch } from '../search';

interface JobsToolbarProps {
  search: JobsSearch;
  onChange: (patch: Partial<JobsSearch>) => void;
  /** The gateway knows who started each job; a browser on its own only knows its own. */
  bySource?: boolean;
  /** Who started jobs, when the gateway asks for sign-in; no "Started by" filter when empty. */
  people?: readonly HistoryPerson[];
}

/** Filters, search and view live in the URL, so a filtered board can be shared or reloaded. */
export function JobsToolbar({ search, onChange, bySource = false, people = [] }: JobsToolbarProps) {
  const names = Object.fromEntries(people.map((person) => [person.id, person.name]));
  return (
    <div role="search" aria-label="Filter jobs" className="flex flex-wrap items-center gap-2">
      <SearchField
        label="Search by name"
        placeholder="Search by name or task id"
        value={search.q}
        onChange={(q) => onChange({ q })}
      />
      <OptionFilter
        label="Kind"
        all="All kinds"
        options={trackedJobKinds}
        labels={kindLabels}
        value={search.kind}
        onChange={(kind) => onChange({ kind })}
      />
      <OptionFilter
        label="Status"
        all="All statuses"
        options={boardStatuses}
        labels={statusLabels}
        value={search.status}
        onChange={(status) => onChange({ status })}
      />
      {bySource && (
        <SourceSelect
          label="Started from"
          anywhere="Started anywhere"
          value={search.source}
          onChange={(source) => onChange({ source })}
        />
      )}
      {people.length > 0 && (
        <OptionFilter
          label="Started by"
          all="Anyone"
          options={people.map((person) => person.id)}
          labels={names}
          value={search.started_by}
          onChange={(started_by) => onChange({ started_by })}
        />
      )}
      <div
        role="group"
        aria-label="View"
        className="inline-flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700"
      >
        {jobViews.map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={search.view === view}
            onClick={() => onChange({ view })}
            className="rounded-md px-3 py-1 text-sm font-medium text-zinc-600 max-md:min-h-11 aria-pressed:bg-brand-600 aria-pressed:text-white dark:text-zinc-300"
          >
            {view === 'board' ? 'Board' : 'List'}
          </button>
        ))}
      </div>
    </div>
  );
}
