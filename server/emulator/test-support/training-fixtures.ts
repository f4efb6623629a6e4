import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, vi } from 'vitest';
import { fileResponseSchema, fileUploadResponseSchema } from '../../../src/api/contract/files';
import { trainingStatusResponseSchema, type TrainingJob } from '../../../src/api/contract/training';
import { encodeAudio } from '../media/audio-encode';
import { synthesizeSpeech, type SpeechVoice } from '../media/speech';
import { encodeWav } from '../media/wav';
import { headers, type TestEmulator } from './test-emulator';

export const femaleVoice: SpeechVoice = {
  espeakVoice: 'en-us+f3',
  pitch: 50,
  wordsPerMinute: 175,
};

export const sentences = [
  'Hello there. This is a reference recording for training a custom voice in the studio.',
  'The quick brown fox jumps over the lazy dog, and then it runs back into the forest.',
  'Every reference clip should be clean speech with the same room tone as the others.',
];

/** Real speech as a 16-bit WAV, the kind of reference a person would record. */
export async function speechWav(text: string, voice = femaleVoice): Promise<Uint8Array> {
  return encodeWav(await synthesizeSpeech(text, voice));
}

export async function speechMp3(text: string, voice = femaleVoice): Promise<Uint8Array> {
  const pcm = await synthesizeSpeech(text, voice);
  return (await encodeAudio(pcm, { format: 'mp3', sampleRate: 22_050 })).bytes;
}

/** Uploads bytes through POST /v1/files/upload; returns the file id and its media URL. */
export async function uploadBytes(
  emu: TestEmulator,
  bytes: Uint8Array,
  filename: string,
  type = 'application/octet-stream',
): Promise<{ file_id: string; url: string; content_type: string | undefined }> {
  const form = new FormData();
  form.append('purpose', 'general');
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await emu.request('/api/v1/files/upload', {
    method: 'POST',
    headers: headers(),
    body: form,
  });
  expect(res.status).toBe(200);
  const { file_id } = fileUploadResponseSchema.parse(await res.json()).data;
  const got = await emu.request(`/api/v1/files/${file_id}`, { headers: headers() });
  const stored = fileResponseSchema.parse(await got.json()).data;
  return { file_id, url: stored.url, content_type: stored.content_type };
}

export function postJson(
  emu: TestEmulator,
  path: string,
  body: unknown,
  extra: Parameters<typeof headers>[0] = {},
) {
  return emu.request(`/api/v1${path}`, {
    method: 'POST',
    headers: headers({ json: true, ...extra }),
    body: JSON.stringify(body),
  });
}

/** Creates a training job and returns its task id (the creation must succeed). */
export async function startJob(emu: TestEmulator, path: string, body: unknown): Promise<string> {
  const res = await postJson(emu, path, body);
  const json = (await res.json()) as { data: { task_id: string } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.data.task_id;
}

export async function readStatus(
  emu: TestEmulator,
  taskId: string,
  extra: Parameters<typeof headers>[0] = {},
): Promise<{ res: Response; body: Record<string, unknown>; job: TrainingJob }> {
  const res = await emu.request(`/api/v1/training/status/${taskId}`, { headers: headers(extra) });
  const body = (await res.json()) as Record<string, unknown>;
  const job = res.status === 200 ? trainingStatusResponseSchema.parse(body).data : (body as never);
  return { res, body, job };
}

/** Polls the status endpoint until the job is completed or failed. */
export async function waitForEnd(emu: TestEmulator, taskId: string, timeout = 10_000) {
  return vi.waitFor(
    async () => {
      const { job } = await readStatus(emu, taskId);
      if (job.status !== 'completed' && job.status !== 'failed')
        throw new Error(`still ${job.status}`);
      return job;
    },
    { timeout, interval: 50 },
  );
}

export interface Served {
  body: string | Uint8Array;
  type?: string;
  status?: number;
}

/** A throwaway HTTP server on 127.0.0.1 serving fixed answers by path; 404 for the rest. */
export async function serveFixtures(routes: Record<string, Served>) {
  const server = createServer((req, res) => {
    const route = routes[req.url ?? ''];
    if (!route) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    res.writeHead(route.status ?? 200, {
      'content-type': route.type ?? 'application/octet-stream',
    });
    res.end(typeof route.body === 'string' ? route.body : Buffer.from(route.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
