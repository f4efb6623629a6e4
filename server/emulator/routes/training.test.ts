import { afterEach, describe, expect, it } from 'vitest';
import {
  loraTrainingResponseSchema,
  voiceTrainingResponseSchema,
} from '../../../src/api/contract/training';
import { updateTrainingJob, type TrainingJobPatch } from '../db/training-jobs-repo';
import {
  createTestEmulator,
  headers,
  otherKey,
  type TestEmulator,
} from '../test-support/test-emulator';
import { postJson, readStatus, startJob, uploadBytes } from '../test-support/training-fixtures';

// Long enough that no job moves during these tests: they are about the requests alone.
const emulators: TestEmulator[] = [];
function emulator() {
  const emu = createTestEmulator({ EMULATOR_TRAINING_SECONDS: '600' });
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

const refs = ['http://127.0.0.1:9/a.wav'];

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('training creation', () => {
  it("answers queued with exactly the spec's fields", async () => {
    const emu = emulator();
    const voice = await postJson(emu, '/training/voice', {
      reference_urls: refs,
      name: 'my_voice',
    });
    const voiceBody = voiceTrainingResponseSchema.parse(await voice.json());
    expect(voiceBody).toEqual({
      data: {
        task_id: expect.stringMatching(/^train_/),
        name: 'my_voice',
        voice_id: 'my_voice',
        status: 'queued',
      },
      trace_id: voice.headers.get('x-trace-id'),
    });
    for (const kind of ['music', 'video']) {
      const res = await postJson(emu, `/training/lora/${kind}`, {
        dataset: 'https://example.com/set.zip',
        name: 'my_style',
      });
      // The same name in each kind: voices, music LoRAs and video LoRAs are separate namespaces.
      expect(loraTrainingResponseSchema.parse(await res.json()).data).toEqual({
        task_id: expect.any(String),
        name: 'my_style',
        status: 'queued',
      });
    }
    const { body } = await readStatus(emu, voiceBody.data.task_id);
    // Status bodies carry no trace_id, like the spec's examples, and no voice_id.
    expect(body).toEqual({
      data: {
        task_id: voiceBody.data.task_id,
        name: 'my_voice',
        status: 'queued',
        progress: 0,
      },
    });
  });

  it('requires X-Stack-Id on every training endpoint', async () => {
    const emu = emulator();
    const calls = [
      postJson(emu, '/training/voice', { reference_urls: refs, name: 'a' }, { stack: null }),
      postJson(
        emu,
        '/training/lora/music',
        { dataset: 'https://e.com/a.zip', name: 'a' },
        { stack: null },
      ),
      postJson(
        emu,
        '/training/lora/video',
        { dataset: 'https://e.com/a.zip', name: 'a' },
        { stack: null },
      ),
      emu.request('/api/v1/training/status/train_x', { headers: headers({ stack: null }) }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: 'invalid_request',
        message: expect.stringMatching(
          /^X-Stack-Id header is required on (POST|GET) \/api\/v1\/training\//,
        ),
      });
    }
  });

  it('names the field of a bad name or dataset', async () => {
    const emu = emulator();
    const badName = await postJson(emu, '/training/voice', {
      reference_urls: refs,
      name: 'Bad-Name',
    });
    expect(badName.status).toBe(400);
    expect((await errorOf(badName)).message).toBe(
      'name: must use lowercase letters, digits and underscores only (got "Bad-Name")',
    );
    const ftp = await postJson(emu, '/training/lora/music', {
      dataset: 'ftp://e.com/a.zip',
      name: 'a',
    });
    expect((await errorOf(ftp)).message).toMatch(/^dataset: must be an http\(s\) URL/);
    const unknown = await postJson(emu, '/training/lora/video', {
      dataset: 'file_nope',
      name: 'a',
    });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toEqual({
      code: 'invalid_request',
      message: expect.stringMatching(
        /^dataset: no uploaded file with id "file_nope" for this API key and stack/,
      ),
    });
    // Another stack's upload is as unknown as a made-up id.
    const file = await uploadBytes(emu, new Uint8Array([1, 2, 3]), 'set.zip');
    const elsewhere = await postJson(
      emu,
      '/training/lora/music',
      { dataset: file.file_id, name: 'a' },
      { stack: 'stack-b' },
    );
    expect((await errorOf(elsewhere)).message).toMatch(/^dataset: no uploaded file/);
    const mine = await postJson(emu, '/training/lora/music', { dataset: file.file_id, name: 'a' });
    expect(mine.status).toBe(200);
  });

  it('refuses a name held by a live or completed job of the kind, or a built-in voice', async () => {
    const emu = emulator();
    const taskId = await startJob(emu, '/training/voice', { reference_urls: refs, name: 'taken' });
    const again = await postJson(emu, '/training/voice', { reference_urls: refs, name: 'taken' });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).message).toBe(
      `name: "taken" is already being trained (${taskId} is queued); wait for it to finish or choose another name`,
    );
    const builtIn = await postJson(emu, '/training/voice', {
      reference_urls: refs,
      name: 'en_aria',
    });
    expect((await errorOf(builtIn)).message).toMatch(
      /^name: "en_aria" is the voice_id of a built-in voice/,
    );
    // Another stack has its own names.
    const otherStack = await postJson(
      emu,
      '/training/voice',
      { reference_urls: refs, name: 'taken' },
      { stack: 'stack-b' },
    );
    expect(otherStack.status).toBe(200);

    const loraId = await startJob(emu, '/training/lora/music', {
      dataset: 'https://e.com/a.zip',
      name: 'style',
    });
    updateTrainingJob(emu.db, loraId, { status: 'completed', progress: 100 });
    const lora = await postJson(emu, '/training/lora/music', {
      dataset: 'https://e.com/b.zip',
      name: 'style',
    });
    expect((await errorOf(lora)).message).toMatch(
      /^name: a music LoRA named "style" already exists/,
    );
    // A failed job frees its name.
    updateTrainingJob(emu.db, taskId, { status: 'failed', error: { code: 'x', message: 'y' } });
    expect(
      (await postJson(emu, '/training/voice', { reference_urls: refs, name: 'taken' })).status,
    ).toBe(200);
  });
});

describe('GET /v1/training/status/{task_id}', () => {
  it('never carries voice_id, in any state: the spec shows it on the creation response only', async () => {
    const at = Date.parse('2025-03-01T12:00:00.000Z');
    // A clock that stands still: the job moves only as the test sets it.
    const emu = createTestEmulator(
      { EMULATOR_TRAINING_SECONDS: '600' },
      { now: () => new Date(at) },
    );
    emulators.push(emu);
    const created = await postJson(emu, '/training/voice', {
      reference_urls: refs,
      name: 'my_voice',
    });
    const { data } = voiceTrainingResponseSchema.parse(await created.json());
    expect(data.voice_id).toBe('my_voice');
    const asset = await emu.mediaStore.put({
      bytes: Buffer.from('PK'),
      contentType: 'application/zip',
      filename: 'my_voice.zip',
    });
    const error = { code: 'invalid_input', message: 'reference_urls[0] is not audio' };
    const states: Array<[patch: TrainingJobPatch | null, fields: Record<string, unknown>]> = [
      [null, { status: 'queued', progress: 0 }],
      [
        {
          status: 'running',
          // Half way through a checked job's 600 s.
          started_at: new Date(at - 300_000).toISOString(),
          duration_ms: 600_000,
          total_steps: 200,
          inputs_summary: { kind: 'voice', count: 1 },
        },
        {
          status: 'running',
          progress: 50,
          current_step: 100,
          total_steps: 200,
          cost_estimate: 0.5,
        },
      ],
      [
        { status: 'completed', progress: 100, total_cost: 1, asset_media_id: asset.id },
        {
          status: 'completed',
          progress: 100,
          total_cost: 1,
          asset_url: expect.stringContaining(`/api/v1/media/${asset.id}`),
        },
      ],
      [
        { status: 'failed', progress: 0, error },
        { status: 'failed', progress: 0, error },
      ],
      [
        { status: 'cancelled', error: null },
        { status: 'cancelled', progress: 0 },
      ],
    ];
    for (const [patch, fields] of states) {
      if (patch) updateTrainingJob(emu.db, data.task_id, patch);
      const { res, body } = await readStatus(emu, data.task_id);
      expect(res.status).toBe(200);
      expect(body, String(fields.status)).toEqual({
        data: { task_id: data.task_id, name: 'my_voice', ...fields },
      });
    }
  });

  it('is 404 not_found for an unknown task and for another key or stack', async () => {
    const emu = emulator();
    const taskId = await startJob(emu, '/training/voice', { reference_urls: refs, name: 'mine' });
    for (const extra of [{ stack: 'stack-b' }, { key: otherKey }]) {
      const { res, body } = await readStatus(emu, taskId, extra);
      expect(res.status).toBe(404);
      expect(body).toEqual({
        error: { code: 'not_found', message: `No training job with id ${taskId}.` },
      });
    }
    const { res, body } = await readStatus(emu, 'train_unknown');
    expect(res.status).toBe(404);
    expect(body).toMatchObject({ error: { code: 'not_found' } });
  });
});
