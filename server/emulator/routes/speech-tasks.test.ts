import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  t2aAsyncResponseSchema,
  t2aAsyncResultResponseSchema,
  type SpeechTask,
} from '../../../src/api/contract/speech';
import { insertSpeechTask } from '../db/speech-tasks-repo';
import { inspectMedia } from '../media/inspect';
import { hashKey } from '../principal';
import {
  createTestEmulator,
  headers,
  otherKey,
  testKey,
  type TestEmulator,
} from '../test-support/test-emulator';

const emulators: TestEmulator[] = [];
function emulator(dir?: string) {
  const emu = createTestEmulator({}, dir ? { dir } : {});
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

async function create(emu: TestEmulator, body: Record<string, unknown>) {
  return emu.request('/api/v1/t2a/async', {
    method: 'POST',
    headers: headers({ json: true }),
    body: JSON.stringify(body),
  });
}
async function poll(emu: TestEmulator, taskId: string, key = testKey) {
  return emu.request(`/api/v1/t2a/async/${taskId}`, { headers: headers({ key }) });
}
async function settled(emu: TestEmulator, taskId: string): Promise<SpeechTask> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const res = await poll(emu, taskId);
    expect(res.status).toBe(200);
    const { data } = t2aAsyncResultResponseSchema.parse(await res.json());
    if (data.status !== 'processing') return data;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`task ${taskId} never finished`);
}

describe('asynchronous speech', () => {
  it('creates a processing task that completes with an audio URL serving real audio', async () => {
    const emu = emulator();
    const res = await create(emu, {
      text: 'An asynchronous hello.',
      format: 'wav',
      sample_rate: 16000,
    });
    expect(res.status).toBe(200);
    const created = t2aAsyncResponseSchema.parse(await res.json());
    expect(created.data.status).toBe('processing');
    expect(created.trace_id).toEqual(expect.any(String));

    const task = await settled(emu, created.data.task_id);
    expect(task).toMatchObject({ status: 'completed', format: 'wav', sample_rate: 16000 });
    const audio = await emu.request(new URL(task.audio_url!).pathname);
    const info = inspectMedia(new Uint8Array(await audio.arrayBuffer()));
    expect(info).toMatchObject({ kind: 'audio', format: 'wav', sampleRate: 16000 });
    expect(info!.durationS!).toBeCloseTo(task.duration_s!, 2);

    expect((await poll(emu, created.data.task_id, otherKey)).status).toBe(404);
    expect((await poll(emu, 'tts_unknown')).status).toBe(404);
  });

  it('rejects an unknown voice or an over-long text at creation', async () => {
    const emu = emulator();
    const voice = await create(emu, { text: 'Hi', voice_id: 'ghost' });
    expect(voice.status).toBe(400);
    const long = await create(emu, { text: 'x'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toMatch(/text: must be at most 5000 characters/);
  });

  it('finishes tasks a previous run left processing', async () => {
    const first = emulator();
    const at = '2025-03-01T12:00:00.000Z';
    insertSpeechTask(first.db, {
      task_id: 'tts_left_over',
      owner: hashKey(testKey),
      stack: 'stack-a',
      request: {
        text: 'Left over from a crash.',
        voice_id: 'default',
        format: 'mp3',
        sample_rate: 44100,
      },
      status: 'processing',
      media_id: null,
      format: null,
      sample_rate: null,
      duration_s: null,
      error: null,
      created_at: at,
      updated_at: at,
    });
    await first.close();
    const second = emulator(first.dir);
    const task = await settled(second, 'tts_left_over');
    expect(task).toMatchObject({ status: 'completed', format: 'mp3', sample_rate: 44100 });
    expect(task.duration_s).toBeGreaterThan(0.5);
    rmSync(first.dir, { recursive: true, force: true });
  });
});
