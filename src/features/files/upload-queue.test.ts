// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  initialQueueState,
  nextToStart,
  percentOf,
  queueReducer,
  type QueueAction,
  type QueueState,
} from './upload-queue';

const wav = new File([new Uint8Array(1000)], 'take.wav', { type: 'audio/wav' });
const png = new File([new Uint8Array(10)], 'cover.png', { type: 'image/png' });
const result = {
  file_id: 'file_1',
  filename: 'take.wav',
  size: 1000,
  purpose: 'audio-input',
  created_at: '2025-01-01T00:00:00Z',
};

function run(...actions: QueueAction[]): QueueState {
  return actions.reduce(queueReducer, initialQueueState);
}

const added: QueueAction = {
  type: 'add',
  files: [
    { id: 'a', file: wav },
    { id: 'b', file: png },
  ],
};

describe('queueReducer', () => {
  it('adds files as ready, with a purpose guessed from each type', () => {
    const state = run(added);
    expect(state.items.map((i) => [i.id, i.status, i.purpose, i.total])).toEqual([
      ['a', 'ready', 'audio-input', 1000],
      ['b', 'ready', 'image-input', 10],
    ]);
  });

  it('lets the purpose change before the upload, not during it', () => {
    let state = run(added, { type: 'set-purpose', id: 'a', purpose: 'general' });
    expect(state.items[0]!.purpose).toBe('general');
    state = run(added, { type: 'start' }, { type: 'set-purpose', id: 'a', purpose: 'general' });
    expect(state.items[0]!.purpose).toBe('audio-input');
  });

  it('queues, begins and reports progress', () => {
    const state = run(
      added,
      { type: 'start', ids: ['a'] },
      { type: 'begin', id: 'a' },
      { type: 'progress', id: 'a', loaded: 250, total: 1000 },
    );
    expect(state.items[0]).toMatchObject({ status: 'uploading', loaded: 250, total: 1000 });
    expect(percentOf(state.items[0]!)).toBe(25);
    expect(state.items[1]!.status).toBe('ready');
  });

  it('finishes at 100 % with the result', () => {
    const state = run(
      added,
      { type: 'start' },
      { type: 'begin', id: 'a' },
      { type: 'done', id: 'a', result },
    );
    expect(state.items[0]).toMatchObject({ status: 'done', result });
    expect(percentOf(state.items[0]!)).toBe(100);
  });

  it('keeps the file of a failed upload and retries it from zero', () => {
    const error = { code: 'invalid_request', message: 'File exceeds 1 MB', status: 413 };
    let state = run(
      added,
      { type: 'start' },
      { type: 'begin', id: 'a' },
      { type: 'progress', id: 'a', loaded: 500, total: 1000 },
      { type: 'fail', id: 'a', error },
    );
    expect(state.items[0]).toMatchObject({ status: 'failed', error, file: wav });
    state = queueReducer(state, { type: 'retry', id: 'a' });
    expect(state.items[0]).toMatchObject({ status: 'queued', loaded: 0, error: null, file: wav });
  });

  it('cancels queued or running uploads, ignores late progress, and retries', () => {
    let state = run(
      added,
      { type: 'start' },
      { type: 'begin', id: 'a' },
      { type: 'cancel', id: 'a' },
      { type: 'cancel', id: 'b' },
      { type: 'progress', id: 'a', loaded: 900, total: 1000 },
    );
    expect(state.items.map((i) => i.status)).toEqual(['cancelled', 'cancelled']);
    expect(state.items[0]!.loaded).toBe(0);
    state = queueReducer(state, { type: 'retry', id: 'a' });
    expect(state.items[0]!.status).toBe('queued');
  });

  it('does not cancel a finished upload or retry a running one', () => {
    const done = run(
      added,
      { type: 'start' },
      { type: 'begin', id: 'a' },
      { type: 'done', id: 'a', result },
    );
    expect(queueReducer(done, { type: 'cancel', id: 'a' })).toBe(done);
    const running = run(added, { type: 'start' }, { type: 'begin', id: 'a' });
    expect(queueReducer(running, { type: 'retry', id: 'a' })).toBe(running);
  });

  it('removes only inactive items and clears the finished ones', () => {
    let state = run(added, { type: 'start', ids: ['a'] }, { type: 'remove', id: 'a' });
    expect(state.items).toHaveLength(2);
    state = queueReducer(state, { type: 'remove', id: 'b' });
    expect(state.items.map((i) => i.id)).toEqual(['a']);
    state = run(
      added,
      { type: 'start' },
      { type: 'begin', id: 'a' },
      { type: 'done', id: 'a', result },
    );
    expect(queueReducer(state, { type: 'clear-finished' }).items.map((i) => i.id)).toEqual(['b']);
  });
});

describe('nextToStart', () => {
  it('fills at most two slots, oldest first', () => {
    const many = run(
      {
        type: 'add',
        files: ['a', 'b', 'c'].map((id) => ({ id, file: wav })),
      },
      { type: 'start' },
    );
    expect(nextToStart(many, 0).map((i) => i.id)).toEqual(['a', 'b']);
    expect(nextToStart(many, 1).map((i) => i.id)).toEqual(['a']);
    expect(nextToStart(many, 2)).toEqual([]);
  });
});
