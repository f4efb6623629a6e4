import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { speechTaskSchema } from '../../../src/api/contract/speech';
import { trainingJobSchema } from '../../../src/api/contract/training';
import { hashKey, type Principal } from '../principal';
import { createTestEmulator, testKey, type TestEmulator } from '../test-support/test-emulator';
import {
  findSpeechTask,
  insertSpeechTask,
  listSpeechTasksByStatus,
  toSpeechTask,
  updateSpeechTask,
} from './speech-tasks-repo';
import {
  findTrainingJob,
  insertTrainingJob,
  listActiveTrainingJobs,
  toTrainingJob,
  updateTrainingJob,
  type TrainingJobRecord,
} from './training-jobs-repo';

const T = '2025-03-01T12:00:00.000Z';
const me: Principal = { keyHash: hashKey(testKey), stackId: 'stack-a' };
const elsewhere: Principal = { ...me, stackId: 'stack-b' };
let emu: TestEmulator;
beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.cleanup());

const job = (over: Partial<TrainingJobRecord> = {}): TrainingJobRecord => ({
  task_id: 'task_1',
  owner: me.keyHash,
  stack: me.stackId,
  kind: 'voice',
  name: 'narrator',
  input: { reference_urls: ['https://x.test/a.wav'], name: 'narrator' },
  status: 'queued',
  progress: 0,
  current_step: null,
  total_steps: null,
  cost_estimate: null,
  total_cost: null,
  asset_media_id: null,
  error: null,
  inputs_summary: null,
  duration_ms: 45_000,
  created_at: T,
  started_at: null,
  updated_at: T,
  finished_at: null,
  ...over,
});

describe('training jobs', () => {
  it('map to the contract with only the fields of their state', () => {
    insertTrainingJob(emu.db, job());
    expect(findTrainingJob(emu.db, 'task_1', elsewhere)).toBeNull();
    expect(listActiveTrainingJobs(emu.db).map((j) => j.task_id)).toEqual(['task_1']);
    const at = () =>
      trainingJobSchema.parse(toTrainingJob(findTrainingJob(emu.db, 'task_1', me)!, 'http://a/x'));
    expect(at()).toEqual({
      task_id: 'task_1',
      name: 'narrator',
      status: 'queued',
      progress: 0,
    });

    updateTrainingJob(emu.db, 'task_1', {
      status: 'running',
      progress: 40,
      current_step: 40,
      total_steps: 100,
      cost_estimate: 1.2,
      started_at: T,
    });
    expect(at()).toEqual({
      task_id: 'task_1',
      name: 'narrator',
      status: 'running',
      progress: 40,
      current_step: 40,
      total_steps: 100,
      cost_estimate: 1.2,
    });

    updateTrainingJob(emu.db, 'task_1', {
      status: 'completed',
      progress: 100,
      total_cost: 1.5,
      inputs_summary: { clips: 3 },
    });
    expect(at()).toEqual({
      task_id: 'task_1',
      name: 'narrator',
      status: 'completed',
      progress: 100,
      total_cost: 1.5,
      asset_url: 'http://a/x',
    });
    expect(findTrainingJob(emu.db, 'task_1', me)?.inputs_summary).toEqual({ clips: 3 });
    expect(listActiveTrainingJobs(emu.db)).toEqual([]);

    insertTrainingJob(
      emu.db,
      job({
        task_id: 'task_2',
        kind: 'music_lora',
        status: 'failed',
        error: { code: 'dataset_invalid', message: 'No audio.' },
      }),
    );
    expect(toTrainingJob(findTrainingJob(emu.db, 'task_2', me)!, null)).toEqual({
      task_id: 'task_2',
      name: 'narrator',
      status: 'failed',
      progress: 0,
      error: { code: 'dataset_invalid', message: 'No audio.' },
    });
  });
});

describe('training jobs read again', () => {
  it('come from memory until written, and only for their own principal', () => {
    insertTrainingJob(emu.db, job());
    const first = findTrainingJob(emu.db, 'task_1', me);
    expect(findTrainingJob(emu.db, 'task_1', me)).toBe(first);
    // The same record is kept for the owner: another stack or key still gets nothing.
    expect(findTrainingJob(emu.db, 'task_1', elsewhere)).toBeNull();
    expect(findTrainingJob(emu.db, 'task_1', { ...me, keyHash: hashKey('another') })).toBeNull();

    updateTrainingJob(emu.db, 'task_1', { status: 'running', progress: 10 });
    expect(findTrainingJob(emu.db, 'task_1', me)).toMatchObject({
      status: 'running',
      progress: 10,
    });
  });

  it('are frozen, so no reader can change what the next one gets', () => {
    insertTrainingJob(emu.db, job());
    const found = findTrainingJob(emu.db, 'task_1', me)!;
    expect(Object.isFrozen(found)).toBe(true);
    expect(Object.isFrozen(found.input.reference_urls)).toBe(true);
    expect(() => {
      (found as { status: string }).status = 'completed';
    }).toThrow(TypeError);
  });

  it('are never kept from inside a transaction that rolls back', () => {
    insertTrainingJob(emu.db, job());
    expect(() =>
      emu.db.transaction(() => {
        updateTrainingJob(emu.db, 'task_1', { status: 'failed' });
        expect(findTrainingJob(emu.db, 'task_1', me)?.status).toBe('failed');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(findTrainingJob(emu.db, 'task_1', me)?.status).toBe('queued');
  });

  it('are kept per database', async () => {
    const other = createTestEmulator();
    try {
      insertTrainingJob(emu.db, job());
      insertTrainingJob(other.db, job({ status: 'running' }));
      expect(findTrainingJob(emu.db, 'task_1', me)?.status).toBe('queued');
      expect(findTrainingJob(other.db, 'task_1', me)?.status).toBe('running');
    } finally {
      await other.cleanup();
    }
  });
});

describe('speech tasks', () => {
  it('map to the contract, with the result only once there is one', async () => {
    insertSpeechTask(emu.db, {
      task_id: 'sp_1',
      owner: me.keyHash,
      stack: '',
      request: { text: 'hi' },
      status: 'processing',
      media_id: null,
      format: null,
      sample_rate: null,
      duration_s: null,
      error: null,
      created_at: T,
      updated_at: T,
    });
    const noStack = { ...me, stackId: '' };
    expect(toSpeechTask(findSpeechTask(emu.db, 'sp_1', noStack)!, null)).toEqual({
      task_id: 'sp_1',
      status: 'processing',
    });
    expect(listSpeechTasksByStatus(emu.db, 'processing')).toHaveLength(1);
    const media = await emu.mediaStore.put({ bytes: Buffer.from('a'), contentType: 'audio/mpeg' });
    updateSpeechTask(emu.db, 'sp_1', {
      status: 'completed',
      media_id: media.id,
      format: 'mp3',
      sample_rate: 44100,
      duration_s: 1.5,
    });
    const done = speechTaskSchema.parse(
      toSpeechTask(findSpeechTask(emu.db, 'sp_1', noStack)!, 'http://a/m'),
    );
    expect(done).toEqual({
      task_id: 'sp_1',
      status: 'completed',
      audio_url: 'http://a/m',
      format: 'mp3',
      sample_rate: 44100,
      duration_s: 1.5,
    });
    expect(findSpeechTask(emu.db, 'sp_1', me)).toBeNull();
  });
});
