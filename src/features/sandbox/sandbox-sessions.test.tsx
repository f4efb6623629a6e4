import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../api/api-client';
import type { HistoryEntry } from '../../api/contract/history';
import { saveConnection } from '../../lib/connection-settings';
import type { HistorySnapshot } from '../../lib/server-history';
import { SandboxSessions } from './sandbox-sessions';
import type { SandboxSearch } from './search';
import { addSession, clearSessions } from './sessions-store';
import { sandboxEntry } from './test/sandbox-entries';

const history = vi.hoisted(() => ({
  snapshot: { entries: [], loaded: true, unread: 0, error: null, warning: null } as HistorySnapshot,
  removeHistoryEntry: vi.fn(),
}));
vi.mock('../../lib/server-history', () => ({
  useServerHistory: () => history.snapshot,
  removeHistoryEntry: history.removeHistoryEntry,
}));

/** The page keeps the search in the URL; here, in state. */
function Searchable({ initial }: { initial: SandboxSearch }) {
  const [search, setSearch] = useState(initial);
  return (
    <SandboxSessions
      curlFor={(session) => `curl ${JSON.stringify(session.request)}`}
      search={search}
      onSearch={(patch) => setSearch((current) => ({ ...current, ...patch }))}
    />
  );
}

function renderSessions(initial: SandboxSearch = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Searchable initial={initial} />
    </QueryClientProvider>,
  );
}

const tableRows = () =>
  within(screen.getByRole('table', { name: /^(Your sandboxes|Sandboxes on this gateway)$/ }))
    .getAllByRole('row')
    .slice(1);

const shared = (entries: HistoryEntry[]) => {
  history.snapshot = { entries, loaded: true, unread: 0, error: null, warning: null };
};

beforeEach(() => {
  // Who is signed in: not known unless a test says so.
  vi.spyOn(apiClient, 'accessMe').mockReturnValue(new Promise(() => {}));
});

afterEach(() => {
  vi.restoreAllMocks();
  history.removeHistoryEntry.mockReset();
});

describe('sandboxes in gateway mode', () => {
  it("lists the gateway's sandboxes with their packages, status and origin", () => {
    shared([
      sandboxEntry({ id: 'sbx_curl', params: { language: 'javascript' }, source: 'client' }),
      sandboxEntry(),
    ]);
    renderSessions();
    expect(screen.getByRole('heading', { name: 'Sandboxes on this gateway (2)' })).toBeVisible();
    const rows = within(
      screen.getByRole('table', { name: 'Sandboxes on this gateway' }),
    ).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('sbx_curl');
    expect(rows[1]).toHaveTextContent('JavaScript');
    expect(within(rows[1]!).getByText('From another client')).toBeVisible();
    expect(rows[2]).toHaveTextContent('numpy, pandas');
    expect(rows[2]).toHaveTextContent('ready');
    expect(within(rows[2]!).queryByText('From another client')).toBeNull();
  });

  it('removes a row for everyone after saying so', async () => {
    shared([sandboxEntry()]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    history.removeHistoryEntry.mockResolvedValue(undefined);
    renderSessions();
    await userEvent.click(screen.getByRole('button', { name: 'Remove sbx_1 for everyone' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('from the history of everyone on this gateway'),
    );
    await vi.waitFor(() => expect(history.removeHistoryEntry).toHaveBeenCalledWith('sbx_1'));
  });

  it('offers Remove on the signed-in person’s own rows, not on a colleague’s', async () => {
    vi.spyOn(apiClient, 'accessMe').mockResolvedValue({
      mode: 'password',
      user: { id: 'u-ada', name: 'Ada', email: null },
      via: 'session',
    });
    shared([
      sandboxEntry({
        id: 'sbx_grace',
        started_by: { id: 'u-grace', name: 'Grace', token: 'ci' },
      }),
      sandboxEntry({ started_by: { id: 'u-ada', name: 'Ada', token: null } }),
    ]);
    renderSessions();
    const [theirs, own] = tableRows();
    expect(await within(own!).findByRole('button', { name: /for everyone$/ })).toBeVisible();
    expect(within(own!).getByText('by Ada')).toBeVisible();
    expect(within(theirs!).getByText('by Grace via token ci')).toBeVisible();
    expect(within(theirs!).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('draws the newest rows of a long history, and more on request', async () => {
    shared(Array.from({ length: 3000 }, (_, i) => sandboxEntry({ id: `sbx_${i}` })));
    renderSessions();
    const table = screen.getByRole('table', { name: 'Sandboxes on this gateway' });
    // The header row and 50 sandboxes.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more sandboxes' }));
    expect(within(table).getAllByRole('row')).toHaveLength(101);
  });

  it('narrows the rows to what the search finds, counts them, and starts again from the newest', async () => {
    shared(
      Array.from({ length: 120 }, (_, i) =>
        sandboxEntry({
          id: `sbx_${i}`,
          params: { language: 'python', packages: i % 2 ? ['Requests'] : ['numpy'] },
        }),
      ),
    );
    renderSessions();
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more sandboxes' }));
    expect(tableRows()).toHaveLength(100);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sandboxes' }), ' REQUESTS');
    expect(screen.getByText('60 of 120 sandboxes')).toHaveRole('status');
    // Another search shows its own newest 50, not the 100 the whole list had open.
    expect(tableRows()).toHaveLength(50);
    expect(tableRows()[0]).toHaveTextContent('sbx_1');
    expect(screen.getByText('10 not shown')).toBeVisible();
  });

  it('filters by language, and offers to clear filters when nothing matches', async () => {
    shared([
      sandboxEntry({ id: 'sbx_js', params: { language: 'javascript', packages: ['chalk'] } }),
      sandboxEntry(),
    ]);
    renderSessions();
    const region = screen.getByRole('search', { name: 'Filter sandboxes' });
    await userEvent.selectOptions(
      within(region).getByRole('combobox', { name: 'Language' }),
      'JavaScript',
    );
    expect(tableRows()).toHaveLength(1);
    expect(tableRows()[0]).toHaveTextContent('sbx_js');

    await userEvent.type(
      within(region).getByRole('searchbox', { name: 'Search sandboxes' }),
      'numpy',
    );
    expect(screen.queryByRole('table', { name: 'Sandboxes on this gateway' })).toBeNull();
    expect(screen.getByText('No sandbox matches these filters.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search sandboxes' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('');
    expect(tableRows()).toHaveLength(2);
    // The title keeps counting every sandbox, filtered or not.
    expect(screen.getByRole('heading', { name: 'Sandboxes on this gateway (2)' })).toBeVisible();
  });
});

describe('sandboxes in direct mode', () => {
  beforeEach(async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await clearSessions();
  });

  it("lists this browser's sandboxes only, says so, and forgets without asking", async () => {
    shared([sandboxEntry({ id: 'sbx_elsewhere' })]);
    await addSession({
      sandbox_id: 'sbx_here',
      status: 'ready',
      language: 'python',
      created_at: '2026-01-02T10:00:00.000Z',
      packages: ['requests'],
    });
    const confirm = vi.spyOn(window, 'confirm');
    renderSessions();
    expect(
      await screen.findByRole('heading', { name: 'Sandboxes from this browser (1)' }),
    ).toBeVisible();
    expect(screen.getByText(/^Kept in this browser only/)).toBeVisible();
    expect(screen.queryByText('sbx_elsewhere')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Forget sbx_here' }));
    expect(await screen.findByText(/No sandboxes created from this browser yet/)).toBeVisible();
    expect(confirm).not.toHaveBeenCalled();
    expect(history.removeHistoryEntry).not.toHaveBeenCalled();
  });

  it('filters the same way, from a link', async () => {
    for (const [sandbox_id, language, packages] of [
      ['sbx_a', 'python', ['numpy']],
      ['sbx_b', 'typescript', ['zod']],
      ['sbx_c', 'python', ['requests']],
    ] as const) {
      await addSession({
        sandbox_id,
        status: 'ready',
        language,
        created_at: '2026-01-02T10:00:00.000Z',
        packages: [...packages],
      });
    }
    renderSessions({ q: 'SBX_', lang: 'python' });
    expect(await screen.findByText('2 of 3 sandboxes')).toHaveRole('status');
    expect(tableRows().map((row) => row.querySelector('code')?.textContent)).toEqual([
      'sbx_c',
      'sbx_a',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search sandboxes' })).toHaveValue('SBX_');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('python');
  });
});
