import { afterEach, expect, it, vi } from 'vitest';
import { findCustomVoice } from '../db/custom-voices-repo';
import { findTrainingJob } from '../db/training-jobs-repo';
import { inspectMedia } from '../media/inspect';
import { readZip } from '../media/zip';
import { hashKey } from '../principal';
import {
  createTestEmulator,
  testKey,
  testStack,
  type TestEmulator,
} from '../test-support/test-emulator';
import {
  postJson,
  readStatus,
  sentences,
  speechWav,
  startJob,
  uploadBytes,
} from '../test-support/training-fixtures';

const owner = { keyHash: hashKey(testKey), stackId: testStack };
let emu: TestEmulator | null = null;
afterEach(async () => {
  await emu?.cleanup();
  emu = null;
});

it('trains a voice from real references: queued → running → completed, with a catalog entry', async () => {
  // A clock the test moves: each state is seen exactly, whatever the machine's speed.
  let clock = Date.parse('2025-03-01T12:00:00.000Z');
  emu = createTestEmulator({ EMULATOR_TRAINING_SECONDS: '10' }, { now: () => new Date(clock) });
  const references = await Promise.all(
    sentences.map(
      async (text, i) => (await uploadBytes(emu!, await speechWav(text), `ref-${i}.wav`)).url,
    ),
  );
  const taskId = await startJob(emu, '/training/voice', {
    reference_urls: references,
    name: 'studio_voice',
  });

  expect((await readStatus(emu, taskId)).body).toEqual({
    data: {
      task_id: taskId,
      name: 'studio_voice',
      status: 'queued',
      progress: 0,
    },
  });

  clock += 2000; // the queue wait
  expect((await readStatus(emu, taskId)).job).toEqual({
    task_id: taskId,
    name: 'studio_voice',
    status: 'running',
    progress: 0,
    current_step: 0,
    total_steps: 200,
    cost_estimate: 0,
  });
  // The runner fetches and measures the references in the background.
  // Fetching and decoding three clips: a second on a quiet machine, far more on a busy CI one.
  const checked = await vi.waitFor(
    () => {
      const summary = findTrainingJob(emu!.db, taskId, owner)?.inputs_summary;
      if (!summary) throw new Error('inputs not checked yet');
      return summary;
    },
    { timeout: 20_000, interval: 50 },
  );
  expect(checked).toMatchObject({
    kind: 'voice',
    count: 3,
    references: references.map((url) => ({ url, format: 'wav', duration_s: expect.any(Number) })),
    voice: {
      gender: 'female',
      language: 'en',
      basis: 'measured',
      speech: { espeakVoice: 'en-us+f3' },
    },
  });
  // espeak's f3 variant at pitch 50 speaks near 211 Hz: the measurement must find that.
  expect(checked.f0_hz).toBeGreaterThan(190);
  expect(checked.f0_hz).toBeLessThan(230);

  clock += 5000; // half of the 10 s duration
  const running = (await readStatus(emu, taskId)).job;
  expect(running).toMatchObject({
    status: 'running',
    progress: 50,
    current_step: 100,
    total_steps: 200,
    cost_estimate: 0.5,
  });
  expect(running).not.toHaveProperty('total_cost');
  expect(running).not.toHaveProperty('asset_url');

  clock += 5000;
  const { body } = await readStatus(emu, taskId);
  expect(body).toEqual({
    data: {
      task_id: taskId,
      name: 'studio_voice',
      status: 'completed',
      progress: 100,
      total_cost: 1,
      asset_url: expect.stringMatching(
        /^http:\/\/localhost\/api\/v1\/media\/[\w-]+\/studio_voice\.zip$/,
      ),
    },
  });

  const asset = await emu.request(
    new URL((body as { data: { asset_url: string } }).data.asset_url).pathname,
  );
  expect(asset.headers.get('content-type')).toBe('application/zip');
  const files = Object.fromEntries(
    readZip(new Uint8Array(await asset.arrayBuffer())).map((e) => [e.name, e.data]),
  );
  expect(Object.keys(files).sort()).toEqual(['preview.mp3', 'voice.json']);
  const manifest = JSON.parse(new TextDecoder().decode(files['voice.json'])) as Record<
    string,
    unknown
  >;
  expect(manifest).toMatchObject({
    voice_id: 'studio_voice',
    gender: 'female',
    language: 'en',
    voice_params: {
      espeakVoice: 'en-us+f3',
      pitch: expect.any(Number),
      wordsPerMinute: expect.any(Number),
    },
  });
  const preview = inspectMedia(files['preview.mp3']!);
  expect(preview).toMatchObject({ kind: 'audio', format: 'mp3' });
  expect(preview?.durationS).toBeGreaterThan(2);

  // The voice is in the catalog of this key and stack, speaking as measured.
  const voice = findCustomVoice(emu.db, 'studio_voice', owner);
  expect(voice).toMatchObject({
    voice_id: 'studio_voice',
    language: 'en',
    gender: 'female',
    source_task_id: taskId,
    voice_params: manifest.voice_params as object,
  });
  const params = voice!.voice_params as { pitch: number; wordsPerMinute: number };
  expect(Math.abs(params.pitch - 50)).toBeLessThanOrEqual(8);
  expect(Math.abs(params.wordsPerMinute - 175)).toBeLessThanOrEqual(30);
  expect(emu.mediaStore.get(voice!.preview_media_id!)?.content_type).toBe('audio/mpeg');

  // The name is now a permanent voice_id.
  const again = await postJson(emu, '/training/voice', {
    reference_urls: references,
    name: 'studio_voice',
  });
  expect(again.status).toBe(400);
  expect(await again.json()).toMatchObject({
    error: { message: expect.stringMatching(/^name: /) },
  });
});
