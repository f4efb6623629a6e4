import { describe, expect, it } from 'vitest';
import {
  historyEntrySchema,
  historyImportEntrySchema,
  historyPeopleQuerySchema,
  historyPeopleSchema,
  historyQuerySchema,
} from './history';
import { issuePaths } from './test-helpers';

const entry = {
  id: 'task_1',
  kind: 'voice',
  name: 'narrator',
  params: { name: 'narrator' },
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  status: 'queued',
  latest: null,
  result: null,
  cost: null,
  error: null,
  source: 'dashboard',
  trace_id: null,
  elapsed_ms: null,
  started_by: null,
  stalled: false,
  reading_count: 0,
  readings: [],
};

describe('who started a history entry', () => {
  it('is a person with the token they used, or null in open mode', () => {
    const ada = { id: 'u1', name: 'Ada', token: null };
    const script = { id: 'u1', name: 'Ada', token: 'nightly render' };
    expect(historyEntrySchema.parse({ ...entry, started_by: ada }).started_by).toEqual(ada);
    expect(historyEntrySchema.parse({ ...entry, started_by: script }).started_by).toEqual(script);
    expect(historyEntrySchema.parse(entry).started_by).toBeNull();
  });

  it('is always answered: an entry without it, or with a nameless starter, breaks the contract', () => {
    const { started_by: _, ...older } = entry;
    expect(issuePaths(historyEntrySchema, older)).toEqual(['started_by']);
    expect(issuePaths(historyEntrySchema, { ...entry, started_by: { id: 'u1' } })).toEqual([
      'started_by.name',
      'started_by.token',
    ]);
  });

  it('is never taken from an import: nobody started an entry a browser kept', () => {
    const imported = historyImportEntrySchema.parse({
      ...entry,
      started_by: { id: 'u1', name: 'Ada', token: null },
    });
    expect(imported).not.toHaveProperty('started_by');
  });
});

describe('the started_by filter and the people list', () => {
  it('filters the list by a user id, and refuses an empty one', () => {
    expect(historyQuerySchema.parse({ started_by: ' u1 ' }).started_by).toBe('u1');
    expect(historyQuerySchema.parse({}).started_by).toBeUndefined();
    expect(issuePaths(historyQuerySchema, { started_by: '' })).toEqual(['started_by']);
  });

  it('lists people by id and name, of the kinds asked', () => {
    expect(historyPeopleQuerySchema.parse({ kind: 'voice,music_lora' }).kind).toEqual([
      'voice',
      'music_lora',
    ]);
    expect(issuePaths(historyPeopleQuerySchema, { kind: 'robot' })).toEqual(['kind']);
    expect(historyPeopleSchema.parse({ people: [{ id: 'u1', name: 'Ada' }] }).people).toEqual([
      { id: 'u1', name: 'Ada' },
    ]);
  });
});
