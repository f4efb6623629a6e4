import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../api/contract/history';
import { apiClient } from '../../api/api-client';
import type { HistorySnapshot } from '../../lib/server-history';
import { saveConnection } from '../../lib/connection-settings';
import { GenerationHistory } from './generation-history';
import type { HistoryFilters } from './search';
import { addGeneration, clearGenerations } from './history-store';
import { historyEntry } from './test/history-entries';

type Props = ComponentProps<typeof GenerationHistory>;

const history = vi.hoisted(() => ({
  snapshot: { entries: [], loaded: true, unread: 0, error: null, warning: null } as HistorySnapshot,
  removeHistoryEntry: vi.fn(),
}));
vi.mock('../../lib/server-history', () => ({
  useServerHistory: () => history.snapshot,
  removeHistoryEntry: history.removeHistoryEntry,
}));

/** The page keeps the filters in the URL; here, in state. */
function Filtered({
  initial,
  ...props
}: Omit<Props, 'filters' | 'onFilter'> & { initial: HistoryFilters }) {
  const [filters, setFilters] = useState(initial);
  return (
    <GenerationHistory
      {...props}
      filters={filters}
      onFilter={(patch) => setFilters((current) => ({ ...current, ...patch }))}
    />
  );
}

function renderHistory(
  onReuse = vi.fn(),
  kind: 'image' | 'video' = 'image',
  initial: HistoryFilters = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Filtered
        initial={initial}
        kind={kind}
        selectedId={null}
        curlFor={(entry) => `curl ${entry.request.prompt}`}
        onShow={vi.fn()}
        onReuse={onReuse}
        onRemoving={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return { onReuse };
}

/** The entries of the list, not the lists of result URLs inside each. */
const itemsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);

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

describe('generation history in gateway mode', () => {
  it("lists this gateway's generations of the tab's kind and marks other clients'", () => {
    shared([
      historyEntry({ id: 'gen_2', params: { prompt: 'From curl' }, source: 'client' }),
      historyEntry({ id: 'vid_1', kind: 'video', params: { prompt: 'A video' } }),
      historyEntry(),
    ]);
    renderHistory();
    expect(screen.getByText(/made through this gateway, from any browser or client/)).toBeVisible();
    const list = screen.getByRole('list', { name: 'image generation history' });
    const items = itemsOf(list);
    expect(items.map((item) => item.getAttribute('aria-labelledby'))).toEqual([
      'generation-gen_2',
      'generation-gen_1',
    ]);
    expect(within(items[0]!).getByText('From another client')).toBeVisible();
    expect(within(items[1]!).queryByText('From another client')).toBeNull();
    // Removing everyone's history at once is not offered.
    expect(screen.queryByRole('button', { name: 'Clear history' })).toBeNull();
  });

  it('reuses the settings rebuilt from the request as sent', async () => {
    shared([historyEntry()]);
    const { onReuse } = renderHistory();
    await userEvent.click(screen.getByRole('button', { name: 'Reuse these settings' }));
    expect(onReuse).toHaveBeenCalledWith(
      expect.objectContaining({
        form: expect.objectContaining({ tool: 'generate_image_15', inputs: expect.any(Object) }),
      }),
    );
  });

  it('removes an entry for everyone after saying so', async () => {
    shared([historyEntry()]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    history.removeHistoryEntry.mockResolvedValue(undefined);
    renderHistory();
    await userEvent.click(screen.getByRole('button', { name: 'Remove for everyone' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('from the history of everyone on this gateway'),
    );
    await vi.waitFor(() => expect(history.removeHistoryEntry).toHaveBeenCalledWith('gen_1'));
  });

  it('offers Remove on the signed-in person’s own generations, not on a colleague’s', async () => {
    vi.spyOn(apiClient, 'accessMe').mockResolvedValue({
      mode: 'oidc',
      user: { id: 'u-ada', name: 'Ada', email: null },
      via: 'session',
    });
    shared([
      historyEntry({
        id: 'gen_2',
        params: { prompt: 'Grace’s bicycle' },
        started_by: { id: 'u-grace', name: 'Grace', token: null },
      }),
      historyEntry({ started_by: { id: 'u-ada', name: 'Ada', token: null } }),
    ]);
    renderHistory();
    const [theirs, own] = itemsOf(screen.getByRole('list', { name: 'image generation history' }));
    expect(await within(own!).findByRole('button', { name: 'Remove for everyone' })).toBeVisible();
    expect(within(own!).getByText('by Ada')).toBeVisible();
    expect(within(theirs!).getByText('by Grace')).toBeVisible();
    expect(within(theirs!).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('keeps the entry when the removal is not confirmed', async () => {
    shared([historyEntry()]);
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderHistory();
    await userEvent.click(screen.getByRole('button', { name: 'Remove for everyone' }));
    expect(history.removeHistoryEntry).not.toHaveBeenCalled();
  });

  it('draws the newest entries of a long history, and more on request', async () => {
    shared(
      Array.from({ length: 5000 }, (_, i) =>
        historyEntry({ id: `gen_${i}`, params: { prompt: `Prompt ${i}` } }),
      ),
    );
    renderHistory();
    const list = screen.getByRole('list', { name: 'image generation history' });
    expect(itemsOf(list)).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more image generations' }));
    expect(itemsOf(list)).toHaveLength(40);
    expect(screen.getByText('4,960 not shown')).toBeVisible();
  });

  it('narrows the list to what the search finds, counts it, and starts again from the newest', async () => {
    shared(
      Array.from({ length: 60 }, (_, i) =>
        historyEntry({ id: `gen_${i}`, params: { prompt: i % 2 ? `Odd ${i}` : `Even ${i}` } }),
      ),
    );
    renderHistory();
    const list = screen.getByRole('list', { name: 'image generation history' });
    await userEvent.click(screen.getByRole('button', { name: 'Show 20 more image generations' }));
    expect(itemsOf(list)).toHaveLength(40);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search history' }), 'odd');
    expect(screen.getByText('30 of 60 image generations')).toHaveRole('status');
    // Another filter shows its own newest 20, not the 40 the whole list had open.
    const narrowed = screen.getByRole('list', { name: 'image generation history' });
    expect(itemsOf(narrowed)).toHaveLength(20);
    expect(itemsOf(narrowed)[0]).toHaveAccessibleName('Odd 1');
  });

  it('filters by who sent it, and offers to clear filters when nothing matches', async () => {
    shared([
      historyEntry({ id: 'gen_2', params: { prompt: 'From curl' }, source: 'client' }),
      historyEntry(),
    ]);
    renderHistory();
    const search = screen.getByRole('search', { name: 'Filter image history' });
    await userEvent.selectOptions(
      within(search).getByRole('combobox', { name: 'Sent from' }),
      'Other clients',
    );
    expect(screen.getByRole('listitem', { name: 'From curl' })).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'A red bicycle' })).toBeNull();

    await userEvent.type(
      within(search).getByRole('searchbox', { name: 'Search history' }),
      'bicycle',
    );
    expect(screen.queryByRole('list', { name: 'image generation history' })).toBeNull();
    expect(screen.getByText('No image generation matches these filters.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search history' })).toHaveValue('');
    expect(itemsOf(screen.getByRole('list', { name: 'image generation history' }))).toHaveLength(2);
    expect(screen.queryByText(/ of 2 image generations/)).toBeNull();
  });
});

describe('generation history in direct mode', () => {
  beforeEach(async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await clearGenerations();
  });

  it("lists this browser's generations, says so, and removes them without asking", async () => {
    shared([historyEntry({ params: { prompt: 'Not from this browser' } })]);
    await addGeneration({
      kind: 'image',
      form: { prompt: 'A kept fox', tool: 'auto', inputs: {}, advancedJson: '' },
      request: { prompt: 'A kept fox', tool: 'auto', idempotency_key: 'k' },
      outcome: { status: 'succeeded', data: {}, traceId: 'tr-1', elapsedMs: 1200 },
    });
    const confirm = vi.spyOn(window, 'confirm');
    renderHistory();
    const item = await screen.findByRole('listitem', { name: 'A kept fox' });
    expect(screen.getByText(/Kept in this browser only/)).toBeVisible();
    expect(screen.queryByText('Not from this browser')).toBeNull();
    expect(within(item).getByText('0 outputs in 1.2 s')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear history' })).toBeVisible();
    await userEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByRole('listitem')).toBeNull());
    expect(confirm).not.toHaveBeenCalled();
    expect(history.removeHistoryEntry).not.toHaveBeenCalled();
  });

  it('filters the same way, from a link, without the gateway-only source filter', async () => {
    const add = (prompt: string, status: 'succeeded' | 'failed') =>
      addGeneration({
        kind: 'image',
        form: { prompt, tool: 'auto', inputs: {}, advancedJson: '' },
        request: { prompt, tool: 'auto', idempotency_key: prompt },
        outcome:
          status === 'succeeded'
            ? { status, data: {}, traceId: null, elapsedMs: 10 }
            : { status, error: { code: 'x', message: 'no', status: 500, traceId: null } },
      });
    await add('A kept fox', 'succeeded');
    await add('A lost fox', 'failed');
    await add('A kept owl', 'succeeded');
    // A link made in gateway mode may carry a source; this browser's history has no other.
    renderHistory(vi.fn(), 'image', { hq: '  FOX ', hstatus: 'succeeded', hsource: 'client' });
    expect(await screen.findByRole('listitem', { name: 'A kept fox' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 of 3 image generations')).toHaveRole('status');
    expect(screen.queryByRole('combobox', { name: 'Sent from' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Outcome' })).toHaveValue('succeeded');
  });
});
