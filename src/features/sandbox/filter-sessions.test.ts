// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterSessions, isFiltered } from './filter-sessions';
import type { SandboxSearch } from './search';
import type { SessionRow } from './session-row';

const row = (sandbox_id: string, language: string, packages: string[]): SessionRow => ({
  sandbox_id,
  language,
  packages,
  status: 'ready',
  created_at: '2026-01-02T10:00:00.000Z',
  request: { language, packages },
});

const rows = [
  row('sbx_Alpha', 'python', ['numpy', 'Pandas']),
  row('sbx_beta', 'typescript', ['zod']),
  row('hist_refused', 'cobol', []),
];
const ids = (search: SandboxSearch) => filterSessions(rows, search).map((r) => r.sandbox_id);

describe('filterSessions', () => {
  it('keeps every row, the same list, without a search or with a blank one', () => {
    expect(filterSessions(rows, {})).toBe(rows);
    expect(ids({ q: '  ' })).toEqual(['sbx_Alpha', 'sbx_beta', 'hist_refused']);
  });

  it('finds the sandbox id, case-insensitively and trimmed', () => {
    expect(ids({ q: ' SBX_ALPHA  ' })).toEqual(['sbx_Alpha']);
    expect(ids({ q: 'sbx_' })).toEqual(['sbx_Alpha', 'sbx_beta']);
  });

  it('finds the language, even one the service refused', () => {
    expect(ids({ q: 'Script' })).toEqual(['sbx_beta']);
    expect(ids({ q: 'cobol' })).toEqual(['hist_refused']);
  });

  it('finds any package', () => {
    expect(ids({ q: 'pandas' })).toEqual(['sbx_Alpha']);
    expect(ids({ q: 'ZOD' })).toEqual(['sbx_beta']);
  });

  it('finds nothing for a search nothing holds', () => {
    expect(ids({ q: 'requests' })).toEqual([]);
  });

  it('keeps the language asked for, with or without a search', () => {
    expect(ids({ lang: 'typescript' })).toEqual(['sbx_beta']);
    expect(ids({ lang: 'javascript' })).toEqual([]);
    expect(ids({ q: 'numpy', lang: 'python' })).toEqual(['sbx_Alpha']);
    expect(ids({ q: 'numpy', lang: 'typescript' })).toEqual([]);
  });
});

describe('isFiltered', () => {
  it('is true for a search or a language, not for a blank search', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ q: ' ' })).toBe(false);
    expect(isFiltered({ q: 'zod' })).toBe(true);
    expect(isFiltered({ lang: 'python' })).toBe(true);
  });
});
