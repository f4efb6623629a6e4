import type { SandboxSearch } from './search';
import type { SessionRow } from './session-row';

/** Whether the search or the filter narrows the list; a blank search does not. */
export function isFiltered(search: SandboxSearch): boolean {
  return Boolean(search.q?.trim() || search.lang);
}

/**
 * The rows matching the search and the language filter, in their order. The search is
 * case-insensitive over the sandbox id, the language and each package name.
 */
export function filterSessions(
  rows: readonly SessionRow[],
  search: SandboxSearch,
): readonly SessionRow[] {
  const q = search.q?.trim().toLowerCase() ?? '';
  if (q === '' && !search.lang) return rows;
  return rows.filter(
    (row) =>
      (!search.lang || row.language === search.lang) &&
      (q === '' ||
        row.sandbox_id.toLowerCase().includes(q) ||
        row.language.toLowerCase().includes(q) ||
        row.packages.some((name) => name.toLowerCase().includes(q))),
  );
}
