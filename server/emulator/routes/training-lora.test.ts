import { afterEach, describe, expect, it } from 'vitest';
import { findTrainingJob } from '../db/training-jobs-repo';
import { readSafetensorsHeader } from '../jobs/safetensors';
import { renderVideo } from '../media/video';
import { buildZip } from '../media/zip';
import { hashKey } from '../principal';
import {
  createTestEmulator,
  testKey,
  testStack,
  type TestEmulator,
} from '../test-support/test-emulator';
import {
  serveFixtures,
  speechMp3,
  speechWav,
  startJob,
  uploadBytes,
  waitForEnd,
} from '../test-support/training-fixtures';

const owner = { keyHash: hashKey(testKey), stackId: testStack };
const emulators: TestEmulator[] = [];
function emulator() {
  // 0.3 s of training after a 60 ms queue wait: the real runner, on the real clock.
  const emu = createTestEmulator({ EMULATOR_TRAINING_SECONDS: '0.3' });
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

async function assetBytes(emu: TestEmulator, assetUrl: string | undefined) {
  const res = await emu.request(new URL(assetUrl!).pathname);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('music LoRA', () => {
  it('trains from an uploaded zip of mp3 and wav tracks into a valid safetensors adapter', async () => {
    const emu = emulator();
    const zip = buildZip([
      // Names say nothing: the bytes decide (an mp3 named .wav still counts as mp3).
      { name: 'tracks/one.wav', data: await speechMp3('One, two, three, four.') },
      { name: 'tracks/two.mp3', data: await speechMp3('Five, six, seven, eight.') },
      { name: 'three.wav', data: await speechWav('Nine and ten.') },
      { name: 'notes.txt', data: new TextEncoder().encode('liner notes') },
    ]);
    const file = await uploadBytes(emu, zip, 'dataset.zip', 'application/octet-stream');
    expect(file.content_type).toBe('application/zip');
    const taskId = await startJob(emu, '/training/lora/music', {
      dataset: file.file_id,
      name: 'lofi_style',
    });
    const job = await waitForEnd(emu, taskId);
    expect(job).toEqual({
      task_id: taskId,
      name: 'lofi_style',
      status: 'completed',
      progress: 100,
      total_cost: 2,
      asset_url: expect.stringMatching(/\/lofi_style\.safetensors$/),
    });

    const bytes = await assetBytes(emu, job.asset_url);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const header = readSafetensorsHeader(bytes);
    expect(header.__metadata__).toMatchObject({
      format: 'pt',
      name: 'lofi_style',
      kind: 'music_lora',
      train_items: '3',
    });
    expect(Object.keys(header.tensors)).toHaveLength(16);
    expect(header.tensors['base_model.model.transformer_blocks.0.attn.to_q.lora_A.weight']).toEqual(
      { dtype: 'F32', shape: [8, 256], data_offsets: [0, 8192] },
    );

    const summary = findTrainingJob(emu.db, taskId, owner)?.inputs_summary;
    expect(summary).toMatchObject({
      count: 3,
      items: [
        { name: 'tracks/one.wav', format: 'mp3' },
        { name: 'tracks/two.mp3', format: 'mp3' },
        { name: 'three.wav', format: 'wav' },
      ],
      skipped: ['notes.txt (text/plain)'],
      warnings: expect.arrayContaining([
        '3 tracks; 10 to 25 are recommended',
        'skipped 1 file that is not mp3 or wav tracks: notes.txt (text/plain)',
      ]),
    });

    // Weights come from the dataset: the same zip trains the same tensors.
    const twin = await waitForEnd(
      emu,
      await startJob(emu, '/training/lora/music', { dataset: file.file_id, name: 'lofi_twin' }),
    );
    const twinBytes = await assetBytes(emu, twin.asset_url);
    const dataStart = (bytes: Uint8Array) =>
      8 + Number(new DataView(bytes.buffer, bytes.byteOffset).getBigUint64(0, true));
    expect(Buffer.from(twinBytes.subarray(dataStart(twinBytes)))).toEqual(
      Buffer.from(bytes.subarray(dataStart(bytes))),
    );
  });
});

describe('video LoRA', () => {
  it('trains from a zip of mp4 clips at a URL', async () => {
    const emu = emulator();
    const clips = await Promise.all(
      [0, 1, 2].map((seed) =>
        renderVideo({ prompt: 'a red kite over the sea', tool: 'test', seed, durationS: 1 }),
      ),
    );
    const zip = buildZip(clips.map((data, i) => ({ name: `clip-${i}.mp4`, data })));
    const server = await serveFixtures({ '/clips.zip': { body: zip, type: 'application/zip' } });
    try {
      const taskId = await startJob(emu, '/training/lora/video', {
        dataset: `${server.origin}/clips.zip`,
        name: 'kite_motion',
      });
      const job = await waitForEnd(emu, taskId);
      expect(job).toMatchObject({ status: 'completed', progress: 100, total_cost: 4 });
      const header = readSafetensorsHeader(await assetBytes(emu, job.asset_url));
      expect(header.__metadata__).toMatchObject({ kind: 'video_lora', train_items: '3' });
      expect(findTrainingJob(emu.db, taskId, owner)?.inputs_summary).toMatchObject({
        count: 3,
        items: clips.map((_, i) => ({ name: `clip-${i}.mp4`, format: 'mp4', duration_s: 1 })),
        warnings: expect.arrayContaining([
          '3 clips; 8 to 20 are recommended',
          'clip-0.mp4 is 1 s; 3 to 10 s are recommended',
        ]),
      });
    } finally {
      await server.close();
    }
  });
});
