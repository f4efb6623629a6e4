import { afterAll, beforeAll, afterEach, describe, expect, it } from 'vitest';
import { renderImage } from '../media/image';
import { buildZip } from '../media/zip';
import { createTestEmulator, type TestEmulator } from '../test-support/test-emulator';
import {
  postJson,
  serveFixtures,
  speechMp3,
  speechWav,
  startJob,
  uploadBytes,
  waitForEnd,
} from '../test-support/training-fixtures';

const html = '<!DOCTYPE html><html><body><h1>Sign in</h1></body></html>';
let fixtures: Awaited<ReturnType<typeof serveFixtures>>;
let wav: Uint8Array;
beforeAll(async () => {
  wav = await speechWav('A short and clean reference clip.');
  fixtures = await serveFixtures({
    '/voice.wav': { body: wav, type: 'audio/wav' },
    '/page.html': { body: html, type: 'text/html' },
    '/gone.wav': { body: 'gone', status: 410, type: 'text/plain' },
  });
});
afterAll(() => fixtures.close());

const emulators: TestEmulator[] = [];
function emulator() {
  const emu = createTestEmulator({ EMULATOR_TRAINING_SECONDS: '0.3' });
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

/** Runs a job to its end and returns it: it must have failed, with only the failed fields. */
async function failure(emu: TestEmulator, path: string, body: Record<string, unknown>) {
  const job = await waitForEnd(emu, await startJob(emu, path, body));
  expect(job).toEqual({
    task_id: expect.any(String),
    name: body.name,
    status: 'failed',
    progress: 0,
    error: { code: expect.any(String), message: expect.any(String) },
  });
  return job.error;
}

describe('a voice job fails, naming the reference', () => {
  it('when a reference URL cannot be fetched', async () => {
    const emu = emulator();
    const urls = [`${fixtures.origin}/voice.wav`, `${fixtures.origin}/missing.wav`];
    expect(await failure(emu, '/training/voice', { reference_urls: urls, name: 'v' })).toEqual({
      code: 'input_unreachable',
      message: `reference_urls[1] (${fixtures.origin}/missing.wav) answered HTTP 404`,
    });
    const gone = [`${fixtures.origin}/gone.wav`];
    expect(await failure(emu, '/training/voice', { reference_urls: gone, name: 'w' })).toEqual({
      code: 'input_unreachable',
      message: `reference_urls[0] (${fixtures.origin}/gone.wav) answered HTTP 410`,
    });
  });

  it('when a reference is not audio, whatever its URL says', async () => {
    const emu = emulator();
    const urls = [`${fixtures.origin}/page.html`];
    expect(await failure(emu, '/training/voice', { reference_urls: urls, name: 'v' })).toEqual({
      code: 'invalid_input',
      message: `reference_urls[0] (${urls[0]}) is not audio (looks like text/html)`,
    });
    const image = await uploadBytes(
      emu,
      renderImage({ prompt: 'x', tool: 't', seed: 1, width: 64, height: 64 }),
      'a.wav',
    );
    const mixed = [`${fixtures.origin}/voice.wav`, image.url];
    expect(await failure(emu, '/training/voice', { reference_urls: mixed, name: 'w' })).toEqual({
      code: 'invalid_input',
      message: `reference_urls[1] (${image.url}) is not audio (looks like png image)`,
    });
    // A failed job frees its name.
    const retry = await postJson(emu, '/training/voice', {
      reference_urls: [`${fixtures.origin}/voice.wav`],
      name: 'v',
    });
    expect(retry.status).toBe(200);
  });
});

describe('a LoRA job fails, naming the dataset', () => {
  it('when the dataset is not a zip archive', async () => {
    const emu = emulator();
    const url = `${fixtures.origin}/page.html`;
    expect(await failure(emu, '/training/lora/music', { dataset: url, name: 'm' })).toEqual({
      code: 'invalid_dataset',
      message: `dataset (${url}) is not a zip archive (looks like text/html)`,
    });
    const file = await uploadBytes(emu, wav, 'songs.zip');
    expect(
      await failure(emu, '/training/lora/music', { dataset: file.file_id, name: 'n' }),
    ).toEqual({
      code: 'invalid_dataset',
      message: `dataset (${file.file_id} "songs.zip") is not a zip archive (looks like wav audio)`,
    });
  });

  it('when the zip has no tracks of the right kind', async () => {
    const emu = emulator();
    const noTracks = buildZip([
      { name: 'notes.txt', data: new TextEncoder().encode('read me') },
      {
        name: 'cover.png',
        data: renderImage({ prompt: 'cover', tool: 't', seed: 2, width: 64, height: 64 }),
      },
    ]);
    const file = await uploadBytes(emu, noTracks, 'dataset.zip');
    expect(
      await failure(emu, '/training/lora/music', { dataset: file.file_id, name: 'm' }),
    ).toEqual({
      code: 'empty_dataset',
      message: `dataset (${file.file_id} "dataset.zip") has no mp3 or wav tracks (found: notes.txt (text/plain), cover.png (png image))`,
    });
    const songs = buildZip([{ name: 'song.mp3', data: await speechMp3('La la la.') }]);
    const audioOnly = await uploadBytes(emu, songs, 'clips.zip');
    expect(
      await failure(emu, '/training/lora/video', { dataset: audioOnly.file_id, name: 'v' }),
    ).toEqual({
      code: 'empty_dataset',
      message: `dataset (${audioOnly.file_id} "clips.zip") has no mp4 or mov clips (found: song.mp3 (mp3 audio))`,
    });
    const empty = await uploadBytes(emu, buildZip([]), 'empty.zip');
    expect(
      await failure(emu, '/training/lora/video', { dataset: empty.file_id, name: 'w' }),
    ).toMatchObject({
      code: 'empty_dataset',
      message: expect.stringMatching(/the archive is empty/),
    });
  });

  it('when the dataset URL cannot be fetched', async () => {
    const emu = emulator();
    const url = `${fixtures.origin}/nothing.zip`;
    expect(await failure(emu, '/training/lora/video', { dataset: url, name: 'v' })).toEqual({
      code: 'input_unreachable',
      message: `dataset (${url}) answered HTTP 404`,
    });
  });
});
