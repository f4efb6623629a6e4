import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../api/contract/history';
import { saveConnection } from '../../lib/connection-settings';
import type { HistorySnapshot } from '../../lib/server-history';
import { addHistory, clearHistory } from './history-store';
import type { TakeFilter } from './search';
import { LocalSpeechHistory, SharedSpeechHistory } from './speech-history';
import { historyEntryOf } from '../../test/history-entry';

const history = vi.hoisted(() => ({
  snapshot: { entries: [], loaded: true, unread: 0, error: null, warning: null } as HistorySnapshot,
  removeHistoryEntry: vi.fn(),
}));
vi.mock('../../lib/server-history', () => ({
  useServerHistory: () => history.snapshot,
  refreshHistory: vi.fn(),
  removeHistoryEntry: history.removeHistoryEntry,
}));
const api = vi.hoisted(() => ({
  gatewayStatus: vi.fn(() => new Promise(() => {})),
  // Who is signed in: not known unless a test says so.
  accessMe: vi.fn(() => new Promise(() => {})),
}));
vi.mock('../../api/api-client', () => ({ apiClient: api }));

function entry(patch: Partial<HistoryEntry>): HistoryEntry {
  return historyEntryOf({
    id: 'speech_1',
    kind: 'speech',
    name: 'Said in the studio',
    params: { text: 'Said in the studio', voice_id: 'en_aria', format: 'mp3' },
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    latest: null,
    result: { urls: ['/api/history/speech_1/audio'], file_ids: [], format: 'mp3' },
    ...patch,
  });
}

function renderHistory(History: typeof SharedSpeechHistory, filter: TakeFilter = {}) {
  const onUse = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <History
        voiceNames={new Map([['en_aria', 'Aria']])}
        onUse={onUse}
        filter={filter}
        onFilterChange={() => {}}
      />
    </QueryClientProvider>,
  );
  return { onUse, user: userEvent.setup() };
}

afterEach(() => {
  history.removeHistoryEntry.mockReset();
});

describe('speech history in gateway mode', () => {
  it('lists the gateway’s takes, with no way to clear everyone’s history at once', () => {
    history.snapshot = {
      entries: [
        entry({ id: 'task_1', kind: 'speech_async', status: 'processing', result: null }),
        entry({ source: 'client', params: { text: 'From a script' } }),
      ],
      loaded: true,
      unread: 0,
      error: null,
      warning: 'A speech creation went through, but the history could not record it.',
    };
    renderHistory(SharedSpeechHistory);
    expect(screen.getByText(/made through this gateway, by anyone/)).toBeVisible();
    expect(screen.getByText(/could not record it/)).toBeVisible();
    const [running, other] = screen.getAllByRole('article');
    expect(within(running!).getByText('processing')).toBeVisible();
    expect(within(other!).getByText('From another client')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear history' })).toBeNull();
  });

  it('deletes a take for everyone, through the gateway', async () => {
    history.snapshot = {
      entries: [entry({})],
      loaded: true,
      unread: 0,
      error: null,
      warning: null,
    };
    history.removeHistoryEntry.mockResolvedValue(undefined);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = renderHistory(SharedSpeechHistory);
    // Everyone loses it: nothing happens until the user says yes.
    await user.click(screen.getByRole('button', { name: /for everyone$/ }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('everyone on this gateway'));
    expect(history.removeHistoryEntry).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /for everyone$/ }));
    await vi.waitFor(() => expect(history.removeHistoryEntry).toHaveBeenCalledWith('speech_1'));
    confirm.mockRestore();
  });

  it('shows only the takes a filter from the URL matches, and who sent them', () => {
    history.snapshot = {
      entries: [
        entry({ id: 'speech_1', params: { text: 'Morning news', voice_id: 'en_aria' } }),
        entry({ id: 'speech_2', source: 'client', params: { text: 'Morning news, again' } }),
        entry({ id: 'extend_1', kind: 'voice_extend', params: { text: 'Evening' } }),
      ],
      loaded: true,
      unread: 0,
      error: null,
      warning: null,
    };
    renderHistory(SharedSpeechHistory, { hq: '  MORNING ', hsource: 'client' });
    expect(screen.getByRole('combobox', { name: 'Sent from' })).toHaveValue('client');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'History: Morning news, again' })).toBeVisible();
    expect(screen.getByText('1 of 3 takes')).toHaveAttribute('role', 'status');
  });

  it('offers Delete on the signed-in person’s own takes, not on a colleague’s', async () => {
    api.accessMe.mockResolvedValueOnce({
      mode: 'password',
      user: { id: 'u-ada', name: 'Ada', email: null },
      via: 'session',
    });
    history.snapshot = {
      entries: [
        entry({ id: 'speech_1', started_by: { id: 'u-ada', name: 'Ada', token: null } }),
        entry({
          id: 'speech_2',
          params: { text: 'Grace said this' },
          started_by: { id: 'u-grace', name: 'Grace', token: null },
        }),
      ],
      loaded: true,
      unread: 0,
      error: null,
      warning: null,
    };
    renderHistory(SharedSpeechHistory);
    const own = screen.getByRole('article', { name: 'History: Said in the studio' });
    const theirs = screen.getByRole('article', { name: 'History: Grace said this' });
    expect(await within(own).findByRole('button', { name: /for everyone$/ })).toBeVisible();
    expect(within(theirs).getByText('by Grace')).toBeVisible();
    expect(within(theirs).queryByRole('button', { name: /for everyone$/ })).toBeNull();
  });
});

describe('speech history in direct mode', () => {
  afterEach(() => clearHistory());

  it('lists the takes kept in this browser, which it can clear', async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await addHistory({
      settings: {
        text: 'Kept right here',
        voice_id: 'en_aria',
        speed: 1,
        format: 'mp3',
        sample_rate: 44100,
        mode: 'async',
      },
      audio: null,
      audioUrl: '/media/t.mp3',
      format: 'mp3',
      info: {},
      traceId: null,
    });
    const { onUse, user } = renderHistory(LocalSpeechHistory);
    const take = await screen.findByRole('article', { name: 'History: Kept right here' });
    expect(screen.getByText(/Kept in this browser only/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear history' })).toBeVisible();
    expect(
      within(take).getByRole('button', { name: 'Delete “Kept right here” by Aria' }),
    ).toBeVisible();
    await user.click(within(take).getByRole('button', { name: 'Use these settings' }));
    expect(onUse).toHaveBeenCalledWith(expect.objectContaining({ text: 'Kept right here' }));
    expect(history.removeHistoryEntry).not.toHaveBeenCalled();
  });

  it('searches this browser’s takes the same way, with no source to filter by', async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    const settings = { voice_id: 'en_aria', speed: 1, format: 'mp3', sample_rate: 44100 } as const;
    for (const [text, mode] of [
      ['Kept right here', 'sync'],
      ['Kept for later', 'async'],
    ] as const) {
      await addHistory({
        settings: { ...settings, text, mode },
        audio: null,
        audioUrl: '/media/t.mp3',
        format: 'mp3',
        info: {},
        traceId: null,
      });
    }
    // A shared link's source filter means nothing here: every take is this browser's own.
    renderHistory(LocalSpeechHistory, { hq: 'kept', hkind: 'async', hsource: 'client' });
    expect(await screen.findByRole('article', { name: 'History: Kept for later' })).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'Sent from' })).toBeNull();
    expect(screen.getByText('1 of 2 takes')).toHaveAttribute('role', 'status');
  });
});
