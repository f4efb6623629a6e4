// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TrackedJobKind } from '../../../lib/tracked-jobs';
import { nextStart, type StartFields } from './new-start';
import type { TrainingStart } from './start-store';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const now = new Date('2026-02-02T12:00:00.000Z');

const clip = (name: string) => new File(['RIFF'], name, { type: 'audio/wav' });
const first = clip('first.wav');
const second = clip('second.wav');

/** A voice start the service refused (the name was taken) after both clips were uploaded. */
const refused: TrainingStart = {
  id: 'start-1',
  kind: 'voice',
  name: 'taken_name',
  urls: ['https://example.com/ref.wav'],
  dataset: null,
  files: [first, second],
  uploads: {
    'clip-0': { file_id: 'file_0', url: 'https://files.example/0.wav' },
    'clip-1': { file_id: 'file_1', url: 'https://files.example/1.wav' },
  },
  created_at: '2026-01-01T10:00:00.000Z',
  state: 'draft',
  problem: 'name is already taken',
};

const fields = (change: Partial<StartFields> = {}): StartFields => ({
  name: 'free_name',
  urls: ['https://example.com/other.wav'],
  dataset: null,
  // A new array, as the form gives on each submit, holding the same File objects.
  files: [first, second],
  ...change,
});

describe('nextStart', () => {
  it('makes a new start on a first submit: a new id, nothing uploaded, on its way', () => {
    const made = nextStart('voice', fields(), undefined, now);

    expect(made).toEqual({
      id: expect.stringMatching(uuid),
      kind: 'voice',
      name: 'free_name',
      urls: ['https://example.com/other.wav'],
      dataset: null,
      files: [first, second],
      uploads: {},
      created_at: now.toISOString(),
      state: 'starting',
    });
    expect(nextStart('voice', fields(), undefined, now).id).not.toBe(made.id);
  });

  it('is the failed start again after a fix with the same files: its id, time and uploads kept', () => {
    const again = nextStart('voice', fields(), refused, now);

    expect(again).toEqual({
      id: 'start-1',
      kind: 'voice',
      name: 'free_name',
      urls: ['https://example.com/other.wav'],
      dataset: null,
      files: [first, second],
      uploads: refused.uploads,
      created_at: refused.created_at,
      state: 'starting',
    });
    // No longer a draft: the problem it had is not carried over.
    expect(again).not.toHaveProperty('problem');
  });

  it('is the failed LoRA start again with the same dataset and no files', () => {
    const lora: TrainingStart = {
      ...refused,
      kind: 'music_lora',
      urls: [],
      dataset: 'https://example.com/dataset.zip',
      files: [],
      uploads: {},
    };

    const again = nextStart(
      'music_lora',
      fields({ urls: [], dataset: 'https://example.com/dataset.zip', files: [] }),
      lora,
      now,
    );

    expect(again.id).toBe('start-1');
    expect(again.created_at).toBe(refused.created_at);
  });

  const others: [string, TrackedJobKind, Partial<StartFields>][] = [
    [
      'files of the same names and bytes',
      'voice',
      { files: [clip('first.wav'), clip('second.wav')] },
    ],
    ['the same files in another order', 'voice', { files: [second, first] }],
    ['one file fewer', 'voice', { files: [first] }],
    ['one file more', 'voice', { files: [first, second, clip('third.wav')] }],
    ['no files at all', 'voice', { files: [] }],
    ['another kind', 'video_lora', {}],
    ['a dataset typed in', 'voice', { dataset: 'file_123' }],
  ];
  it.each(others)('is a new start with %s', (_, kind, change) => {
    const made = nextStart(kind, fields(change), refused, now);

    expect(made.id).toMatch(uuid);
    expect(made.id).not.toBe(refused.id);
    expect(made.uploads).toEqual({});
    expect(made.created_at).toBe(now.toISOString());
    expect(made.state).toBe('starting');
  });

  it('is a new start when the dataset typed in changed', () => {
    const lora: TrainingStart = { ...refused, kind: 'video_lora', dataset: 'file_old', files: [] };

    const made = nextStart('video_lora', fields({ dataset: 'file_new', files: [] }), lora, now);

    expect(made.id).not.toBe('start-1');
    expect(made.uploads).toEqual({});
  });

  it('keeps nothing of a previous start of the same files made for another LoRA kind', () => {
    const music: TrainingStart = { ...refused, kind: 'music_lora' };

    expect(nextStart('video_lora', fields(), music, now).id).not.toBe('start-1');
  });
});
