import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../api/contract/history';
import { saveConnection } from '../../lib/connection-settings';
import type { HistorySnapshot } from '../../lib/server-history';
import { SandboxSessions } from './sandbox-sessions';
import { addSession, clearSessions } from './sessions-store';
import { sandboxEntry } from './test/sandbox-entries';

const history = vi.hoisted(() => ({
  snapshot: { entries: [], loaded: true, error: null, warning: null } as HistorySnapshot,
  noteHistoryRemoved: vi.fn(),
  removeHistoryEntry: vi.fn(),
}));
vi.mock('../../lib/server-history', () => ({
  useServerHistory: () => history.snapshot,
  noteHistoryEntry: vi.fn(),
  noteHistoryRemoved: history.noteHistoryRemoved,
  removeHistoryEntry: history.removeHistoryEntry,
}));
const deleteHistoryEntry = vi.hoisted(() => vi.fn());
vi.mock('../../api/api-client', () => ({ apiClient: { deleteHistoryEntry } }));

function renderSessions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SandboxSessions curlFor={(session) => `curl ${JSON.stringify(session.request)}`} />
    </QueryClientProvider>,
  );
}

const shared = (entries: HistoryEntry[]) => {
  history.snapshot = { entries, loaded: true, error: null, warning: null };
};

afterEach(() => {
  vi.restoreAllMocks();
  deleteHistoryEntry.mockReset();
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
    const rows = within(screen.getByRole('table', { name: 'Your sandboxes' })).getAllByRole('row');
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

  it('draws the newest rows of a long history, and more on request', async () => {
    shared(Array.from({ length: 3000 }, (_, i) => sandboxEntry({ id: `sbx_${i}` })));
    renderSessions();
    const table = screen.getByRole('table', { name: 'Your sandboxes' });
    // The header row and 50 sandboxes.
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    await userEvent.click(screen.getByRole('button', { name: 'Show 50 more sandboxes' }));
    expect(within(table).getAllByRole('row')).toHaveLength(101);
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
});
