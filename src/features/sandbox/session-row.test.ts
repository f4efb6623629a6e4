// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cachedRowFromHistory, rowFromHistory, rowFromSession } from './session-row';
import { sandboxEntry } from './test/sandbox-entries';

describe('rowFromHistory', () => {
  it('reads language and packages from the request as sent, status and date from the answer', () => {
    expect(rowFromHistory(sandboxEntry())).toEqual({
      sandbox_id: 'sbx_1',
      language: 'python',
      packages: ['numpy', 'pandas'],
      status: 'ready',
      created_at: '2026-01-02T10:00:00.000Z',
      request: { language: 'python', packages: ['numpy', 'pandas'] },
      source: 'dashboard',
    });
  });

  it('shows a refused request with its error, and what another client sent as it was', () => {
    const row = rowFromHistory(
      sandboxEntry({
        id: 'sandbox_abc',
        params: { language: 'cobol', packages: 'numpy' },
        status: 'failed',
        latest: null,
        error: { code: 'invalid_request', message: 'language must be one of python' },
        source: 'client',
      }),
    );
    expect(row).toMatchObject({
      sandbox_id: 'sandbox_abc',
      language: 'cobol',
      packages: [],
      status: 'failed',
      request: { language: 'cobol', packages: 'numpy' },
      source: 'client',
      error: 'invalid_request: language must be one of python',
    });
  });

  it('gives the same row for the same entry', () => {
    const entry = sandboxEntry();
    expect(cachedRowFromHistory(entry)).toBe(cachedRowFromHistory(entry));
  });
});

describe('rowFromSession', () => {
  it("repeats a browser's own sandbox request from its language and packages", () => {
    expect(
      rowFromSession({
        id: 'sbx_2',
        sandbox_id: 'sbx_2',
        status: 'ready',
        language: 'typescript',
        created_at: '2026-01-02T10:00:00.000Z',
        packages: [],
        order: 1,
      }),
    ).toEqual({
      sandbox_id: 'sbx_2',
      language: 'typescript',
      packages: [],
      status: 'ready',
      created_at: '2026-01-02T10:00:00.000Z',
      request: { language: 'typescript', packages: [] },
    });
  });
});
