import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistorySeed } from '../api/contract/history-seed';
import { historyEntryOf } from '../test/history-entry';

/**
 * The lists and the board's jobs are module state, read once per page load: each test starts
 * from modules of its own, as a page does, whatever a test or file before it read.
 */
async function freshModules() {
  vi.resetModules();
  return {
    ...(await import('./connection-settings')),
    ...(await import('./history-seed')),
    ...(await import('./server-history')),
    ...(await import('./tracked-jobs')),
  };
}
let app: Awaited<ReturnType<typeof freshModules>>;
beforeEach(async () => {
  app = await freshModules();
});

type HistoryPage = NonNullable<HistorySeed['training']>;

const seed: HistorySeed = {
  training: {
    entries: [
      historyEntryOf({ id: 'task_b', kind: 'music_lora', name: 'lofi_drums', status: 'running' }),
      historyEntryOf({ id: 'task_a', kind: 'voice', name: 'narrator' }),
    ],
    next_cursor: null,
    total: 2,
    total_exact: true,
    warning: 'A job could not be recorded.',
  },
};

function carry(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'history-seed';
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => document.getElementById('history-seed')?.remove());

describe('pageHistorySeed', () => {
  it('reads the history the page carries', async () => {
    carry(JSON.stringify(seed));
    await expect(app.pageHistorySeed()).resolves.toEqual(seed);
  });

  it('checks a seed the hand check refuses with the contract: what it drops, the page drops', async () => {
    const entry = { ...seed.training!.entries[0], mood: 'cheerful' };
    carry(JSON.stringify({ training: { ...seed.training, entries: [entry] } }));
    const read = await app.pageHistorySeed();
    expect(read?.training?.entries[0]).toEqual(seed.training!.entries[0]);
    expect(read?.training?.entries[0]).not.toHaveProperty('mood');
  });

  it('is null without one, and for one that is not JSON or not a history', async () => {
    await expect(app.pageHistorySeed()).resolves.toBeNull();
    carry('{"training":');
    await expect(app.pageHistorySeed()).resolves.toBeNull();
    document.getElementById('history-seed')!.textContent = '{"training":{"entries":"none"}}';
    await expect(app.pageHistorySeed()).resolves.toBeNull();
  });
});

describe('applyHistorySeed', () => {
  it('in direct mode, leaves the board to this browser’s own jobs', async () => {
    app.saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await app.applyHistorySeed(seed);
    expect(app.historySnapshot('training')).toMatchObject({ loaded: false, entries: [] });
  });

  it('in gateway mode, fills the board’s list before the first render: read, with its jobs', async () => {
    await app.applyHistorySeed(seed);
    expect(app.historySnapshot('training')).toMatchObject({
      loaded: true,
      error: null,
      warning: 'A job could not be recorded.',
    });
    expect((await app.listTrackedJobs()).map((job) => job.task_id)).toEqual(['task_b', 'task_a']);
    expect(app.findTrackedJob('task_b')).toMatchObject({ kind: 'music_lora', name: 'lofi_drums' });
  });

  it('fills each list the page carries, and only those', async () => {
    const speech: HistoryPage = {
      entries: [historyEntryOf({ id: 'sp_1', kind: 'speech', name: 'a greeting' })],
      next_cursor: null,
      total: 1,
      total_exact: true,
      warning: null,
    };
    const recent: HistoryPage = {
      entries: [
        historyEntryOf({ id: 'sp_1', kind: 'speech', name: 'a greeting' }),
        historyEntryOf({ id: 'up_1', kind: 'upload', name: 'clip.wav' }),
      ],
      next_cursor: null,
      total: 2,
      total_exact: true,
      warning: null,
    };
    await app.applyHistorySeed({ speech, recent });
    expect(app.historySnapshot('speech')).toMatchObject({ loaded: true, entries: speech.entries });
    expect(app.historySnapshot('recent')).toMatchObject({ loaded: true, entries: recent.entries });
    expect(app.historySnapshot('upload')).toMatchObject({ loaded: false, entries: [] });
  });
});
