import { describe, expect, it } from 'vitest';
import {
  historyEntrySchema,
  historyEventSchema,
  historyListSchema,
  historyPeopleSchema,
  type HistoryList,
} from './contract/history';
import { historySeedSchema } from './contract/history-seed';
import {
  isHistoryEntry,
  isHistoryEvent,
  isHistoryList,
  isHistoryPeople,
  isHistorySeed,
} from './history-check';
import { historyEntryOf } from '../test/history-entry';
import { badValues, expectAgreement, withBadFields } from '../test/hand-check-agreement';

const running = historyEntryOf({
  id: 'task_1',
  kind: 'voice',
  name: 'narrator',
  params: { name: 'narrator', epochs: 20, tags: ['calm'] },
  status: 'running',
  latest: { status: 'running', progress: 0.4, eta_s: 120 },
  trace_id: 'tr_1',
  elapsed_ms: 840,
  started_by: { id: 'u1', name: 'Ada', token: null },
  stalled: true,
  reading_count: 3,
  readings: [
    { at: '2026-03-01T10:00:00.000Z', status: 'queued' },
    { at: '2026-03-01T10:01:00.000Z', status: 'running', progress: 0.2, current_step: 40 },
    { at: '2026-03-01T10:02:00.000Z', status: 'running', progress: 0.4 },
  ],
});
const made = historyEntryOf({
  id: 'img_1',
  kind: 'image',
  name: 'a red fox',
  result: {
    urls: ['https://cdn.example.com/fox.png'],
    file_ids: ['f1'],
    size: 1024,
    content_type: 'image/png',
    // A loose object: fields the contract does not name stay.
    width: 1024,
  },
  cost: 0.02,
  source: 'client',
  started_by: { id: 'u2', name: 'Lin', token: 'nightly render' },
});
const failed = historyEntryOf({
  id: 'speech_1',
  kind: 'speech_async',
  name: 'Hello there',
  status: 'failed',
  error: { code: 'upstream_error', message: 'The voice is gone' },
});

const listOf = (...entries: unknown[]): HistoryList =>
  ({
    entries,
    next_cursor: null,
    total: entries.length,
    total_exact: true,
    warning: null,
  }) as HistoryList;

describe('isHistoryList', () => {
  it('accepts the lists the schema returns unchanged', () => {
    const spoken = historyEntryOf({
      id: 'speech_2',
      kind: 'speech',
      name: 'Welcome',
      result: { urls: ['/api/history/speech_2/audio'], file_ids: [], format: 'mp3' },
    });
    const uploaded = historyEntryOf({
      id: 'file_1',
      kind: 'upload',
      name: 'clip.wav',
      result: { urls: [], file_ids: ['file_1'], duration_s: 3.5, sample_rate: 44100 },
    });
    const lists = [
      listOf(),
      listOf(running, made, failed, spoken, uploaded),
      { ...listOf(made), next_cursor: 'c2', total: 1000, total_exact: false, seq: 42 },
      { ...listOf(failed), warning: 'A record could not be written', seq: 0 },
    ];
    for (const list of lists) {
      expect(isHistoryList(list)).toBe(true);
      expect(historyListSchema.parse(list)).toStrictEqual(list);
    }
  });

  it('refuses every entry field the schema refuses, whatever the wrong value', () => {
    for (const field of Object.keys(historyEntrySchema.shape)) {
      for (const bad of badValues) {
        const list = listOf(running, { ...made, [field]: bad });
        // Never looser than the contract; stricter only sends the list through zod.
        if (!historyListSchema.safeParse(list).success)
          expect(isHistoryList(list), `${field}: ${String(bad)}`).toBe(false);
      }
    }
  });

  it('agrees with the schema on every wrong field of a result, an error, a starter and a reading', () => {
    const parts = {
      result: [
        made.result,
        ['urls', 'file_ids', 'size', 'duration_s', 'content_type', 'format', 'sample_rate'],
      ],
      error: [failed.error, ['code', 'message']],
      started_by: [running.started_by, ['id', 'name', 'token']],
    } as const;
    for (const [part, [base, fields]] of Object.entries(parts))
      for (const list of withBadFields([...fields], (field, bad) =>
        listOf({ ...running, [part]: { ...base, [field]: bad } }),
      ))
        expectAgreement(historyListSchema, isHistoryList, list);
    for (const list of withBadFields(['at', 'status', 'progress', 'current_step'], (field, bad) =>
      listOf({ ...running, readings: [{ ...running.readings[1], [field]: bad }] }),
    ))
      expectAgreement(historyListSchema, isHistoryList, list);
  });

  it('refuses what is not an object, without throwing', () => {
    for (const value of [null, undefined, [], 'list', 1, true]) {
      expect(isHistoryList(value)).toBe(false);
      expect(isHistoryEntry(value)).toBe(false);
      expect(isHistoryEvent(value)).toBe(false);
      expect(isHistorySeed(value)).toBe(false);
      expect(isHistoryPeople(value)).toBe(false);
    }
  });

  it('refuses a nested field the schema refuses', () => {
    const lists = [
      listOf({ ...running, readings: [{ at: 'now' }] }),
      listOf({ ...running, readings: [{ at: 'now', status: 'queued', progress: '1' }] }),
      listOf({ ...running, started_by: { id: 'u1', name: 'Ada' } }),
      listOf({ ...failed, error: { code: 'x' } }),
      listOf({ ...made, result: { urls: [1], file_ids: [] } }),
      listOf({ ...made, result: { urls: [], file_ids: [], size: 'big' } }),
      { ...listOf(), seq: -1 },
      { ...listOf(), total: 0.5 },
      { ...listOf(), total_exact: 'yes' },
      { ...listOf(), next_cursor: 3 },
      { entries: [] },
      null,
      [],
    ];
    for (const list of lists) {
      expect(historyListSchema.safeParse(list).success).toBe(false);
      expect(isHistoryList(list)).toBe(false);
    }
  });

  it('leaves to zod a field the schema leaves out, which it would drop', () => {
    const lists = [
      { ...listOf(made), served_by: 'replica-2' },
      listOf({ ...made, mood: 'cheerful' }),
      listOf({ ...running, readings: [{ at: 'now', status: 'queued', note: 'slow' }] }),
      listOf({ ...running, started_by: { id: 'u1', name: 'Ada', token: null, role: 'admin' } }),
    ];
    for (const list of lists) {
      expect(isHistoryList(list)).toBe(false);
      expect(historyListSchema.parse(list)).not.toStrictEqual(list);
    }
  });

  it('leaves to zod an entry with an own __proto__ key', () => {
    const list: unknown = JSON.parse(
      JSON.stringify(listOf(made)).replace('"params":{}', '"params":{"__proto__":{"x":1}}'),
    );
    expect(isHistoryList(list)).toBe(false);
    expect(historyListSchema.safeParse(list).success).toBe(true);
  });
});

describe('isHistoryEntry', () => {
  it('is the entry schema by hand: a missing field is refused', () => {
    for (const field of Object.keys(historyEntrySchema.shape)) {
      const { [field]: _, ...without } = running as Record<string, unknown>;
      expect(historyEntrySchema.safeParse(without).success).toBe(false);
      expect(isHistoryEntry(without), field).toBe(false);
    }
    expect(isHistoryEntry(running)).toBe(true);
  });
});

describe('isHistoryEvent', () => {
  it('accepts each kind of change the schema returns unchanged', () => {
    const events = [
      { type: 'upsert', entry: running },
      { type: 'delete', id: 'task_1' },
      { type: 'reset' },
      { type: 'warning', message: 'A record could not be written' },
    ];
    for (const event of events) {
      expect(isHistoryEvent(event)).toBe(true);
      expect(historyEventSchema.parse(event)).toStrictEqual(event);
    }
  });

  it('refuses what the schema refuses, and leaves unknown fields to zod', () => {
    const refused = [
      { type: 'upsert', entry: { ...running, kind: 'song' } },
      { type: 'delete' },
      { type: 'warning', message: 3 },
      { type: 'moved', id: 'x' },
      { entry: running },
      'reset',
    ];
    for (const event of refused) {
      expect(historyEventSchema.safeParse(event).success).toBe(false);
      expect(isHistoryEvent(event)).toBe(false);
    }
    const stripped = { type: 'reset', reason: 'compacted' };
    expect(isHistoryEvent(stripped)).toBe(false);
    expect(historyEventSchema.parse(stripped)).toStrictEqual({ type: 'reset' });
  });
});

describe('isHistorySeed', () => {
  it('accepts lists by group, as the gateway draws a page with them', () => {
    const seeds = [
      {},
      { training: listOf(running), recent: listOf(made, failed, running) },
      { speech: listOf(failed), generation: listOf(made), upload: listOf(), sandbox: listOf() },
    ];
    for (const seed of seeds) {
      expect(isHistorySeed(seed)).toBe(true);
      expect(historySeedSchema.parse(seed)).toStrictEqual(seed);
    }
  });

  it('refuses a group the dashboard does not keep, or a list the schema refuses', () => {
    const seeds = [
      { songs: listOf() },
      { training: listOf({ ...running, kind: 'song' }) },
      { training: null },
      [],
      null,
    ];
    for (const seed of seeds) {
      expect(historySeedSchema.safeParse(seed).success).toBe(false);
      expect(isHistorySeed(seed)).toBe(false);
    }
  });
});

describe('isHistoryPeople', () => {
  it('accepts the people the schema returns unchanged, and leaves the rest to zod', () => {
    const people = {
      people: [
        { id: 'u1', name: 'Ada' },
        { id: 'u2', name: 'Lin' },
      ],
    };
    for (const body of [people, { people: [] }]) {
      expect(isHistoryPeople(body)).toBe(true);
      expect(historyPeopleSchema.parse(body)).toStrictEqual(body);
    }
    const refused = [
      { people: [{ id: 'u1' }] },
      { people: [{ id: 1, name: 'Ada' }] },
      { people: {} },
      {},
    ];
    for (const body of refused) {
      expect(historyPeopleSchema.safeParse(body).success).toBe(false);
      expect(isHistoryPeople(body)).toBe(false);
    }
    const stripped = { people: [{ id: 'u1', name: 'Ada', token: null }] };
    expect(isHistoryPeople(stripped)).toBe(false);
    expect(historyPeopleSchema.parse(stripped)).toStrictEqual({
      people: [{ id: 'u1', name: 'Ada' }],
    });
  });
});
