// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiErrors from '../api/api-error';
import { historyEntryOf } from '../test/history-entry';
import type * as ServerHistory from './server-history';

const api = vi.hoisted(() => ({
  listHistory: vi.fn(),
  historyEntry: vi.fn(),
  deleteHistoryEntry: vi.fn(),
}));
vi.mock('../api/api-client', () => ({ apiClient: api }));
const stream = vi.hoisted(() => ({
  handlers: null as null | { onState: (state: 'connecting' | 'open' | 'down') => void },
  resumeFrom: undefined as number | null | undefined,
  opened: 0,
}));
vi.mock('../api/history-stream', () => ({
  openHistoryStream: (handlers: typeof stream.handlers, resumeFrom: number | null) => {
    stream.handlers = handlers;
    stream.resumeFrom = resumeFrom;
    stream.opened++;
    return () => undefined;
  },
}));

const entry = (id: string, created_at: string) =>
  historyEntryOf({ id, kind: 'upload', name: `${id}.wav`, created_at });

// A fresh module per test: the lists are module-wide, as they are per tab. The error class
// comes from the same fresh set of modules, as the history module checks it.
let history: typeof ServerHistory;
let errors: typeof ApiErrors;
const apiError = (status: number) =>
  new errors.ApiError({
    code: status === 404 ? 'not_found' : 'request_failed',
    message: 'no',
    status,
  });
let unsubscribe: () => void;
beforeEach(async () => {
  vi.resetModules();
  api.listHistory.mockReset().mockResolvedValue({
    entries: [entry('b', '2026-03-02T00:00:00Z'), entry('a', '2026-03-01T00:00:00Z')],
    next_cursor: null,
    total: 2,
    total_exact: true,
    warning: null,
  });
  api.historyEntry.mockReset();
  api.deleteHistoryEntry.mockReset();
  history = await import('./server-history');
  errors = await import('../api/api-error');
  unsubscribe = history.subscribeHistory('upload', () => {});
  await vi.waitFor(() => expect(history.historySnapshot('upload').loaded).toBe(true));
});
afterEach(() => unsubscribe());

const ids = () => history.historySnapshot('upload').entries.map((e) => e.id);

describe('removeHistoryEntry', () => {
  it('deletes the entry on the gateway and takes it off this tab’s lists', async () => {
    api.deleteHistoryEntry.mockResolvedValue(null);
    await history.removeHistoryEntry('a');
    expect(api.deleteHistoryEntry).toHaveBeenCalledWith('a');
    expect(ids()).toEqual(['b']);
  });

  it('counts an entry already gone (404) as removed', async () => {
    api.deleteHistoryEntry.mockRejectedValue(apiError(404));
    await history.removeHistoryEntry('b');
    expect(ids()).toEqual(['a']);
  });

  it('keeps the entry and reports any other failure', async () => {
    api.deleteHistoryEntry.mockRejectedValue(apiError(503));
    await expect(history.removeHistoryEntry('b')).rejects.toThrow(errors.ApiError);
    expect(ids()).toEqual(['b', 'a']);
  });
});

describe('showHistoryEntry', () => {
  it('places a new entry in its list, newest first, before the stream brings it', async () => {
    api.historyEntry.mockResolvedValue(entry('c', '2026-03-03T00:00:00Z'));
    await history.showHistoryEntry('c');
    expect(ids()).toEqual(['c', 'b', 'a']);
  });

  it('leaves the list as it is when the entry cannot be read', async () => {
    api.historyEntry.mockRejectedValue(apiError(503));
    await expect(history.showHistoryEntry('c')).resolves.toBeUndefined();
    expect(ids()).toEqual(['b', 'a']);
  });
});

describe('a failed read', () => {
  afterEach(() => vi.useRealTimers());

  it('is tried again while a page shows the list, and the list comes back', async () => {
    vi.useFakeTimers();
    api.listHistory.mockRejectedValueOnce(apiError(503));
    const stop = history.subscribeHistory('sandbox', () => {});
    await vi.waitFor(() => expect(history.historySnapshot('sandbox').error).toBeTruthy());
    expect(history.historySnapshot('sandbox').entries).toEqual([]);
    await vi.advanceTimersByTimeAsync(history.fallbackPollMs);
    expect(history.historySnapshot('sandbox')).toMatchObject({ error: null, loaded: true });
    expect(history.historySnapshot('sandbox').entries.map((e) => e.id)).toEqual(['b', 'a']);
    stop();
  });

  it('is left alone once no page shows the list', async () => {
    vi.useFakeTimers();
    api.listHistory.mockRejectedValueOnce(apiError(503));
    const stop = history.subscribeHistory('sandbox', () => {});
    await vi.waitFor(() => expect(history.historySnapshot('sandbox').error).toBeTruthy());
    stop();
    const reads = api.listHistory.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3 * history.fallbackPollMs);
    expect(api.listHistory.mock.calls.length).toBe(reads);
  });
});

describe('the event stream opening', () => {
  const page = (...entries: ReturnType<typeof entry>[]) => ({
    entries,
    next_cursor: null,
    total: entries.length,
    total_exact: true,
    warning: null,
  });

  it('reads a list again after a read under way, which the gateway may have answered before', async () => {
    const disconnect = history.connectServerHistory();
    let answer!: (value: unknown) => void;
    api.listHistory
      .mockReset()
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
      .mockResolvedValue(
        page(entry('c', '2026-03-03T00:00:00Z'), entry('a', '2026-03-01T00:00:00Z')),
      );
    const off = history.subscribeHistory('sandbox', () => {});
    expect(api.listHistory).toHaveBeenCalledTimes(1);
    stream.handlers!.onState('open');
    answer(page(entry('a', '2026-03-01T00:00:00Z')));
    await vi.waitFor(() => expect(api.listHistory).toHaveBeenCalledTimes(2));
    await vi.waitFor(() =>
      expect(history.historySnapshot('sandbox').entries.map((e) => e.id)).toEqual(['c', 'a']),
    );
    off();
    disconnect();
  });

  it('reads a loaded list again, and leaves a list no page has asked for alone', async () => {
    const disconnect = history.connectServerHistory();
    expect(stream.resumeFrom).toBeNull();
    api.listHistory.mockClear();
    stream.handlers!.onState('open');
    await vi.waitFor(() => expect(api.listHistory).toHaveBeenCalledTimes(1));
    expect(api.listHistory).toHaveBeenCalledWith(expect.objectContaining({ kind: 'upload' }));
    disconnect();
  });

  /** Shows the sandbox list, then connects and opens the stream; the reads after are recorded. */
  async function readSandboxThenOpen() {
    const off = history.subscribeHistory('sandbox', () => {});
    await vi.waitFor(() => expect(history.historySnapshot('sandbox').loaded).toBe(true));
    const disconnect = history.connectServerHistory();
    api.listHistory.mockClear();
    stream.handlers!.onState('open');
    return () => {
      off();
      disconnect();
    };
  }

  it('resumes from the oldest change the lists were read at, and reads none of them again', async () => {
    api.listHistory
      .mockResolvedValueOnce({ ...page(entry('a', '2026-03-01T00:00:00Z')), seq: 9 })
      .mockResolvedValueOnce({ ...page(entry('s', '2026-03-04T00:00:00Z')), seq: 4 });
    await history.refreshHistory('upload');
    const done = await readSandboxThenOpen();
    expect(stream.resumeFrom).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.listHistory).not.toHaveBeenCalled();
    done();
  });

  it('still reads a list the gateway did not number, and resumes from the others', async () => {
    api.listHistory.mockResolvedValueOnce({
      ...page(entry('s', '2026-03-04T00:00:00Z')),
      seq: 4,
    });
    const done = await readSandboxThenOpen();
    expect(stream.resumeFrom).toBe(4);
    expect(api.listHistory).toHaveBeenCalledTimes(1);
    expect(api.listHistory).toHaveBeenCalledWith(expect.objectContaining({ kind: 'upload' }));
    done();
  });

  it('resumes from the first page of a list read in pages: the later pages were read after it', async () => {
    api.listHistory
      .mockResolvedValueOnce({
        ...page(entry('b', '2026-03-02T00:00:00Z')),
        next_cursor: 'next',
        seq: 4,
      })
      .mockResolvedValueOnce({ ...page(entry('a', '2026-03-01T00:00:00Z')), seq: 6 });
    await history.refreshHistory('upload');
    const disconnect = history.connectServerHistory();
    expect(stream.resumeFrom).toBe(4);
    disconnect();
  });

  it('waits for a read under way to answer, resumes from it, and reads it no second time', async () => {
    api.listHistory.mockResolvedValueOnce({ ...page(entry('a', '2026-03-01T00:00:00Z')), seq: 9 });
    await history.refreshHistory('upload');
    let answer!: (value: unknown) => void;
    api.listHistory.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    void history.refreshHistory('upload');
    const opened = stream.opened;
    const disconnect = history.connectServerHistory();
    expect(stream.opened).toBe(opened);
    answer({ ...page(entry('a', '2026-03-01T00:00:00Z')), seq: 12 });
    await vi.waitFor(() => expect(stream.opened).toBe(opened + 1));
    expect(stream.resumeFrom).toBe(12);
    api.listHistory.mockClear();
    stream.handlers!.onState('open');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.listHistory).not.toHaveBeenCalled();
    disconnect();
  });

  describe('a read slower than the wait', () => {
    afterEach(() => vi.useRealTimers());

    it('opens the stream without it, and reads that list again if it answered from before', async () => {
      vi.useFakeTimers();
      api.listHistory.mockResolvedValueOnce({
        ...page(entry('s', '2026-03-04T00:00:00Z')),
        seq: 7,
      });
      const off = history.subscribeHistory('sandbox', () => {});
      await vi.waitFor(() => expect(history.historySnapshot('sandbox').loaded).toBe(true));
      let answer!: (value: unknown) => void;
      api.listHistory.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
      void history.refreshHistory('upload');
      const opened = stream.opened;
      const disconnect = history.connectServerHistory();
      await vi.advanceTimersByTimeAsync(history.firstReadWaitMs - 1);
      expect(stream.opened).toBe(opened);
      await vi.advanceTimersByTimeAsync(1);
      expect(stream.opened).toBe(opened + 1);
      expect(stream.resumeFrom).toBe(7);
      api.listHistory.mockClear();
      stream.handlers!.onState('open');
      // Answered at a change older than the stream resumes from: what came between is read.
      answer({ ...page(entry('a', '2026-03-01T00:00:00Z')), seq: 5 });
      await vi.waitFor(() => expect(api.listHistory).toHaveBeenCalledTimes(1));
      expect(api.listHistory).toHaveBeenCalledWith(expect.objectContaining({ kind: 'upload' }));
      off();
      disconnect();
    });
  });

  it('reads every list again when the stream opens after being down, and not while it stays open', async () => {
    api.listHistory.mockResolvedValueOnce({ ...page(entry('a', '2026-03-01T00:00:00Z')), seq: 9 });
    await history.refreshHistory('upload');
    const disconnect = history.connectServerHistory();
    api.listHistory.mockClear();
    stream.handlers!.onState('open');
    stream.handlers!.onState('open');
    expect(api.listHistory).not.toHaveBeenCalled();
    stream.handlers!.onState('down');
    stream.handlers!.onState('open');
    expect(api.listHistory).toHaveBeenCalledTimes(1);
    disconnect();
  });

  it('opens one stream for the tab, however many parts connect', () => {
    const opened = stream.opened;
    const disconnect = [history.connectServerHistory(), history.connectServerHistory()];
    expect(stream.opened - opened).toBe(1);
    disconnect.forEach((close) => close());
  });

  it('reads the rest of a seed that is only the first page at once, and resumes from the seed', async () => {
    api.listHistory.mockClear().mockResolvedValueOnce({
      ...page(entry('u', '2026-03-01T00:00:00Z')),
      seq: 8,
    });
    history.seedHistory('training', {
      ...page(entry('t', '2026-03-05T00:00:00Z')),
      next_cursor: 'more',
      seq: 3,
    });
    history.seedHistory('generation', { ...page(entry('g', '2026-03-05T00:00:00Z')), seq: 6 });
    expect(api.listHistory).toHaveBeenCalledTimes(1);
    expect(api.listHistory).toHaveBeenCalledWith(expect.objectContaining({ cursor: 'more' }));
    await vi.waitFor(() =>
      expect(history.historySnapshot('training').entries.map((e) => e.id)).toEqual(['t', 'u']),
    );
    const disconnect = history.connectServerHistory();
    expect(stream.resumeFrom).toBe(3);
    api.listHistory.mockClear();
    stream.handlers!.onState('open');
    // Only the list read at no known change: the upload list of this file's setup.
    expect(api.listHistory.mock.calls.map(([query]) => (query as { kind: string }).kind)).toEqual([
      'upload',
    ]);
    disconnect();
  });
});

describe('entries not read yet', () => {
  const at = (day: number) => `2026-03-${String(day).padStart(2, '0')}T00:00:00Z`;

  it('counts what a seed of the first page leaves to read, until the last page is in', async () => {
    let lastPage!: (value: unknown) => void;
    api.listHistory
      .mockClear()
      .mockReturnValueOnce(
        Promise.resolve({
          entries: [entry('s3', at(3))],
          next_cursor: 'third',
          total: 5,
          total_exact: true,
          warning: null,
        }),
      )
      .mockReturnValueOnce(new Promise((resolve) => (lastPage = resolve)));
    history.seedHistory('sandbox', {
      entries: [entry('s5', at(5)), entry('s4', at(4))],
      next_cursor: 'second',
      total: 5,
      total_exact: true,
      warning: null,
    });
    expect(history.historySnapshot('sandbox')).toMatchObject({ loaded: true, unread: 3 });
    await vi.waitFor(() => expect(history.historySnapshot('sandbox').unread).toBe(2));
    expect(history.historySnapshot('sandbox').entries).toHaveLength(3);
    // The count moved while the pages were read (one more made since): the last page ends it.
    lastPage({
      entries: [entry('s2', at(2)), entry('s1', at(1))],
      next_cursor: null,
      total: 6,
      total_exact: true,
      warning: null,
    });
    await vi.waitFor(() => expect(history.historySnapshot('sandbox').entries).toHaveLength(5));
    expect(history.historySnapshot('sandbox').unread).toBe(0);
  });

  it('leaves nothing unread in a whole list, and in recent activity, which is one page', () => {
    expect(history.historySnapshot('upload').unread).toBe(0);
    history.seedHistory('recent', {
      entries: [entry('r', at(9))],
      next_cursor: 'older',
      total: 40,
      total_exact: true,
      warning: null,
    });
    expect(history.historySnapshot('recent').unread).toBe(0);
  });
});
