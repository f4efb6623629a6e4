import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as StartStore from './start-store';
import type { TrainingStart } from './start-store';
import { freshBrowserIndexedDb } from '../../../test/browser-indexeddb';

let store: typeof StartStore;

beforeEach(async () => {
  // A database of its own for each test: the store keeps the opened one in its module.
  freshBrowserIndexedDb();
  store = await import('./start-store');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const start = (fields: Partial<TrainingStart> = {}): TrainingStart => ({
  id: 'start-1',
  kind: 'voice',
  name: 'my_voice',
  urls: [],
  dataset: null,
  files: [],
  uploads: {},
  created_at: '2026-01-01T10:00:00.000Z',
  state: 'starting',
  ...fields,
});

describe('putStart and listStarts', () => {
  it('lists the starts oldest first, not in the order of their ids or of storing', async () => {
    await store.putStart(start({ id: 'a', created_at: '2026-03-01T00:00:00.000Z' }));
    await store.putStart(start({ id: 'b', created_at: '2026-01-01T00:00:00.000Z' }));
    await store.putStart(start({ id: 'c', created_at: '2026-02-01T00:00:00.000Z' }));

    expect((await store.listStarts()).map((s) => s.id)).toEqual(['b', 'c', 'a']);
  });

  it('keeps the chosen files themselves, with their names and sizes', async () => {
    const clips = [
      new File(['RIFF-one'], 'take 1.wav', { type: 'audio/wav' }),
      new File(['RIFF-second-take'], 'Émile – take 2.wav', { type: 'audio/wav' }),
    ];
    await store.putStart(start({ files: clips }));

    const kept = await store.getStart('start-1');
    expect(kept?.files).toHaveLength(2);
    kept?.files.forEach((file, i) => {
      expect(file).toBeInstanceOf(File);
      expect(file.name).toBe(clips[i]?.name);
      expect(file.size).toBe(clips[i]?.size);
      expect(file.type).toBe('audio/wav');
    });
  });

  it('answers null for a start it does not have', async () => {
    expect(await store.getStart('missing')).toBeNull();
    expect(await store.listStarts()).toEqual([]);
  });
});

describe('saveStart', () => {
  it('keeps the uploads an earlier try finished while taking the new fields', async () => {
    const clip = new File(['RIFF'], 'take.wav', { type: 'audio/wav' });
    await store.putStart(
      start({
        name: 'taken_name',
        files: [clip],
        uploads: { 'clip-0': { file_id: 'file_0', url: 'https://files.example/0.wav' } },
        state: 'draft',
        problem: 'name is already taken',
      }),
    );

    const saved = await store.saveStart(
      start({
        name: 'free_name',
        urls: ['https://example.com/ref.wav'],
        files: [clip],
        uploads: { 'clip-1': { file_id: 'file_1' } },
      }),
    );

    const expected = {
      name: 'free_name',
      urls: ['https://example.com/ref.wav'],
      state: 'starting',
      uploads: {
        'clip-0': { file_id: 'file_0', url: 'https://files.example/0.wav' },
        'clip-1': { file_id: 'file_1' },
      },
    };
    expect(saved).toMatchObject(expected);
    expect(saved.problem).toBeUndefined();
    const kept = await store.getStart('start-1');
    expect(kept).toMatchObject(expected);
    expect(kept?.problem).toBeUndefined();
  });

  it('stores a start no earlier try left with its own uploads', async () => {
    const saved = await store.saveStart(start({ uploads: { dataset: { file_id: 'file_d' } } }));

    expect(saved.uploads).toEqual({ dataset: { file_id: 'file_d' } });
    expect((await store.getStart('start-1'))?.uploads).toEqual({ dataset: { file_id: 'file_d' } });
  });
});

describe('updateStart', () => {
  it('changes a kept start and answers it as changed', async () => {
    await store.putStart(start());

    const updated = await store.updateStart('start-1', (s) => ({
      ...s,
      uploads: { ...s.uploads, 'clip-0': { file_id: 'file_0' } },
    }));

    expect(updated?.uploads).toEqual({ 'clip-0': { file_id: 'file_0' } });
    expect((await store.getStart('start-1'))?.uploads).toEqual({ 'clip-0': { file_id: 'file_0' } });
  });

  it('answers null, and stores nothing, for a start that is gone', async () => {
    const change = vi.fn((s: TrainingStart) => ({ ...s, state: 'draft' as const }));

    expect(await store.updateStart('gone', change)).toBeNull();
    expect(change).not.toHaveBeenCalled();
    expect(await store.listStarts()).toEqual([]);
  });
});

describe('deleteStart', () => {
  it('forgets the start and only that one', async () => {
    await store.putStart(start({ id: 'a' }));
    await store.putStart(start({ id: 'b' }));

    await store.deleteStart('a');

    expect(await store.getStart('a')).toBeNull();
    expect((await store.listStarts()).map((s) => s.id)).toEqual(['b']);
  });
});

describe('onStartsChange', () => {
  it('tells its listeners after each write, until they unsubscribe', async () => {
    const listener = vi.fn();
    const unsubscribe = store.onStartsChange(listener);

    await store.putStart(start());
    expect(listener).toHaveBeenCalledTimes(1);
    await store.saveStart(start({ name: 'other_name' }));
    expect(listener).toHaveBeenCalledTimes(2);
    await store.updateStart('start-1', (s) => ({ ...s, state: 'draft' }));
    expect(listener).toHaveBeenCalledTimes(3);
    await store.deleteStart('start-1');
    expect(listener).toHaveBeenCalledTimes(4);

    unsubscribe();
    await store.putStart(start());
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
