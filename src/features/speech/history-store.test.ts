import 'fake-indexeddb/auto';
// jsdom's Blob does not survive a structured clone in Node; Node's own Blob does, as in a browser.
import { Blob as NodeBlob } from 'node:buffer';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addHistory,
  clearHistory,
  historyLimit,
  listHistory,
  removeHistory,
  type NewHistoryEntry,
} from './history-store';

function entry(text: string): NewHistoryEntry {
  return {
    settings: {
      text,
      voice_id: 'en_aria',
      speed: 1,
      format: 'mp3',
      sample_rate: 44100,
      mode: 'sync',
    },
    audio: new NodeBlob([new Uint8Array([1, 2, 3])], { type: 'audio/mpeg' }) as unknown as Blob,
    audioUrl: null,
    format: 'mp3',
    info: { durationMs: 1200, size: 3 },
    traceId: 'tr-1',
  };
}

describe('history store', () => {
  beforeEach(async () => {
    await clearHistory();
  });

  it('lists the newest first and keeps the audio', async () => {
    await addHistory(entry('first'));
    await addHistory(entry('second'));
    const list = await listHistory();
    expect(list.map((item) => item.settings.text)).toEqual(['second', 'first']);
    expect(list[0]!.audio?.size).toBe(3);
    expect(list[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it(`keeps only the last ${historyLimit}`, async () => {
    for (let i = 1; i <= historyLimit + 5; i++) await addHistory(entry(`take ${i}`));
    const list = await listHistory();
    expect(list).toHaveLength(historyLimit);
    expect(list[0]!.settings.text).toBe(`take ${historyLimit + 5}`);
    expect(list.at(-1)!.settings.text).toBe('take 6');
  });

  it('removes one entry and clears all', async () => {
    const kept = await addHistory(entry('kept'));
    const gone = await addHistory(entry('gone'));
    await removeHistory(gone.id);
    expect((await listHistory()).map((item) => item.id)).toEqual([kept.id]);
    await clearHistory();
    expect(await listHistory()).toEqual([]);
  });
});
