import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistorySeed } from '../api/contract/history-seed';
import { historyEntryOf } from '../test/history-entry';
import { saveConnection } from './connection-settings';
import { applyHistorySeed, pageHistorySeed } from './history-seed';
import { historySnapshot } from './server-history';
import { findTrackedJob, listTrackedJobs } from './tracked-jobs';

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
    await expect(pageHistorySeed()).resolves.toEqual(seed);
  });

  it('checks a seed the hand check refuses with the contract: what it drops, the page drops', async () => {
    const entry = { ...seed.training!.entries[0], mood: 'cheerful' };
    carry(JSON.stringify({ training: { ...seed.training, entries: [entry] } }));
    const read = await pageHistorySeed();
    expect(read?.training?.entries[0]).toEqual(seed.training!.entries[0]);
    expect(read?.training?.entries[0]).not.toHaveProperty('mood');
  });

  it('is null without one, and for one that is not JSON or not a history', async () => {
    await expect(pageHistorySeed()).resolves.toBeNull();
    carry('{"training":');
    await expect(pageHistorySeed()).resolves.toBeNull();
    document.getElementById('history-seed')!.textContent = '{"training":{"entries":"none"}}';
    await expect(pageHistorySeed()).resolves.toBeNull();
  });
});

describe('applyHistorySeed', () => {
  // First: the lists are the module's own, and the gateway test below fills them.
  it('in direct mode, leaves the board to this browser’s own jobs', async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await applyHistorySeed(seed);
    expect(historySnapshot('training')).toMatchObject({ loaded: false, entries: [] });
  });

  it('in gateway mode, fills the board’s list before the first render: read, with its jobs', async () => {
    await applyHistorySeed(seed);
    expect(historySnapshot('training')).toMatchObject({
      loaded: true,
      error: null,
      warning: 'A job could not be recorded.',
    });
    expect((await listTrackedJobs()).map((job) => job.task_id)).toEqual(['task_b', 'task_a']);
    expect(findTrackedJob('task_b')).toMatchObject({ kind: 'music_lora', name: 'lofi_drums' });
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
    await applyHistorySeed({ speech, recent });
    expect(historySnapshot('speech')).toMatchObject({ loaded: true, entries: speech.entries });
    expect(historySnapshot('recent')).toMatchObject({ loaded: true, entries: recent.entries });
    expect(historySnapshot('upload')).toMatchObject({ loaded: false, entries: [] });
  });
});
