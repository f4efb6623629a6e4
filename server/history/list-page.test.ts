import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyTotalCap } from '../../src/api/contract/history';
import { within } from '../db/within';
import type { SqlDb } from '../db/sql-db';
import { openHistorySqlite } from './history-db';
import { createHistoryStore } from './history-store';
import { walkAboveMatches } from './list-page';
import { query, record } from './test-store';
import type { HistoryStore } from './types';

/**
 * A search on SQLite reads its matches one of three ways by how common the words are and which
 * filters come with them (see readMatches): all must give the same pages and counts. Here
 * "calm" is in more entries than the threshold, so it walks an index (testing the text on it
 * alone, with kind and status, or against the full-text matches, with a kind alone); "rare" is
 * in a few, so each is looked up.
 */
const entries = walkAboveMatches + 400;
const statuses = ['completed', 'failed', 'running', 'cancelled'] as const;
const kinds = ['voice', 'music_lora'] as const;
const nameOf = (i: number) => `calm_${i % 37 === 0 ? 'rare_' : ''}${i}`;

let dir: string;
let db: SqlDb;
let store: HistoryStore;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-list-page-'));
  db = openHistorySqlite(dir);
  await db.transaction(async (tx) => {
    const seeding = createHistoryStore(within(tx));
    for (let i = 0; i < entries; i++) {
      await seeding.insert(
        record({
          id: `e${String(i).padStart(5, '0')}`,
          kind: kinds[i % 2],
          name: nameOf(i),
          params: { name: nameOf(i) },
          status: statuses[Math.floor(i / 2) % 4],
          // Every third entry shares its time with the one before: the id breaks the tie.
          created_at: new Date(
            Date.UTC(2026, 0, 1) + (i - (i % 3 === 2 ? 1 : 0)) * 1000,
          ).toISOString(),
        }),
      );
    }
  });
  store = createHistoryStore(db);
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the list must be: the seeded entries that match, newest first (ties by id, descending). */
function expected(match: (i: number) => boolean): string[] {
  const ids: { id: string; at: number }[] = [];
  for (let i = 0; i < entries; i++) {
    if (match(i)) ids.push({ id: `e${String(i).padStart(5, '0')}`, at: i - (i % 3 === 2 ? 1 : 0) });
  }
  return ids.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((e) => e.id);
}

async function everyPage(q: Parameters<typeof query>[0]) {
  const seen: string[] = [];
  const totals: { total: number; total_exact: boolean }[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.list(query({ ...q, limit: 200, ...(cursor && { cursor }) }));
    seen.push(...page.entries.map((entry) => entry.id));
    totals.push({ total: page.total, total_exact: page.total_exact });
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return { seen, totals };
}

describe('a search on SQLite', () => {
  it('with a common word, pages through every match in order and counts up to the cap', async () => {
    const { seen, totals } = await everyPage({ q: 'calm' });
    expect(seen).toEqual(expected(() => true));
    expect(totals[0]).toEqual({ total: historyTotalCap, total_exact: false });
  });

  it('with a common word and other filters, finds exactly the entries that pass them all', async () => {
    const voiceFailed = (i: number) => i % 2 === 0 && Math.floor(i / 2) % 4 === 1;
    const { seen, totals } = await everyPage({ q: 'calm', kind: 'voice', status: 'failed' });
    expect(seen).toEqual(expected(voiceFailed));
    expect(seen.length).toBeLessThan(historyTotalCap);
    expect(totals[0]).toEqual({ total: seen.length, total_exact: true });
  });

  it('with a common word and a kind alone, finds the same entries through the full-text matches', async () => {
    const { seen, totals } = await everyPage({ q: 'calm', kind: 'voice' });
    expect(seen).toEqual(expected((i) => i % 2 === 0));
    expect(totals[0]).toEqual({ total: historyTotalCap, total_exact: false });
    const failed = await everyPage({ q: 'calm', status: 'failed' });
    expect(failed.seen).toEqual(expected((i) => Math.floor(i / 2) % 4 === 1));
  });

  it('with a rare word, gives the same as the common one would: each match once, in order, counted', async () => {
    const rare = (i: number) => i % 37 === 0;
    const { seen, totals } = await everyPage({ q: 'rare' });
    expect(seen).toEqual(expected(rare));
    expect(totals[0]).toEqual({ total: seen.length, total_exact: true });
    const rareVoices = await everyPage({ q: 'rare', kind: 'voice' });
    expect(rareVoices.seen).toEqual(expected((i) => rare(i) && i % 2 === 0));
  });

  it('with a common word, an empty page still tells the count and the change number', async () => {
    const page = await store.list(query({ q: 'calm', kind: 'upload', status: 'completed' }));
    expect(page).toMatchObject({ entries: [], total: 0, total_exact: true, next_cursor: null });
    expect(page.seq).toBe(await store.lastSeq());
    expect(page.seq).toBeGreaterThan(0);
  });

  it('numbers every page with the newest change, whichever way it was read', async () => {
    const newest = await store.lastSeq();
    for (const q of [{ q: 'calm' }, { q: 'calm', kind: 'voice' }, { q: 'rare' }, {}])
      expect((await store.list(query(q))).seq).toBe(newest);
    await store.insert(record({ id: 'z-newest', name: 'calm newest' }));
    const page = await store.list(query({ q: 'calm', limit: 1 }));
    expect(page).toMatchObject({ seq: newest + 1, entries: [{ id: 'z-newest' }] });
  });
});
