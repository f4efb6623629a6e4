import { useMemo, type ComponentProps } from 'react';
import { NoMatches } from '../../../components/filter-results';
import { FilterSummary } from '../../../components/list-filter';
import { filterSessions, isFiltered } from '../filter-sessions';
import type { SandboxSearch } from '../search';
import { SessionsFilters } from './sessions-filters';
import { SessionsTable } from './sessions-table';

interface FilteredSessionsProps extends ComponentProps<typeof SessionsTable> {
  search: SandboxSearch;
  onSearch: (patch: SandboxSearch) => void;
}

/** The sandboxes table under its search and filter, with how many match of how many. */
export function FilteredSessions({ search, onSearch, ...table }: FilteredSessionsProps) {
  const { sessions } = table;
  const matches = useMemo(() => filterSessions(sessions, search), [sessions, search]);
  // Nothing to search yet: the table says why it is empty.
  if (sessions.length === 0) return <SessionsTable {...table} />;
  // Another filter is another list: it starts again from its newest rows.
  const listKey = JSON.stringify([search.q?.trim().toLowerCase(), search.lang]);
  const clear = () => onSearch({ q: undefined, lang: undefined });
  return (
    <div className="space-y-3">
      <SessionsFilters search={search} onChange={onSearch} />
      <FilterSummary
        active={isFiltered(search)}
        matching={matches.length}
        total={sessions.length}
        what="sandboxes"
        onClear={clear}
      />
      {matches.length === 0 ? (
        <NoMatches what="sandbox" onClear={clear} />
      ) : (
        <SessionsTable
          key={listKey}
          {...table}
          sessions={matches}
          // A filter looks only at the rows read: those still to read are not counted.
          unread={isFiltered(search) ? 0 : table.unread}
        />
      )}
    </div>
  );
}
