import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileResponseSchema, fileUploadResponseSchema } from '../../../src/api/contract/files';
import { hashKey } from '../principal';
import { multipart, type Part } from '../test-support/multipart';
import {
  createTestEmulator,
  headers,
  otherKey,
  testKey,
  type TestEmulator,
} from '../test-support/test-emulator';
import { resolveFileBytes } from './files';

const NOW = '2025-03-01T12:00:00.000Z';
const emulators: TestEmulator[] = [];
function emulator(vars: Record<string, string> = {}) {
  const emu = createTestEmulator(vars, { now: () => new Date(NOW) });
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

const BYTES = Buffer.from('RIFF....WAVEfmt the bytes of a small test file');

function upload(emu: TestEmulator, form: FormData | Part[], extra: Record<string, string> = {}) {
  if (form instanceof FormData) {
    return emu.request('/api/v1/files/upload', {
      method: 'POST',
      headers: { ...headers(), ...extra },
      body: form,
    });
  }
  const { body, contentType } = multipart(form);
  return emu.request('/api/v1/files/upload', {
    method: 'POST',
    headers: { ...headers(), 'content-type': contentType, ...extra },
    body,
  });
}

function form(purpose: string | null, file: Blob | null, filename = 'clip.wav', fileFirst = false) {
  const data = new FormData();
  const addFile = () => file && data.append('file', file, filename);
  if (fileFirst) addFile();
  if (purpose !== null) data.append('purpose', purpose);
  if (!fileFirst) addFile();
  return data;
}

async function uploaded(emu: TestEmulator, stack = 'stack-a') {
  const res = await upload(emu, form('audio-input', new Blob([BYTES], { type: 'audio/wav' })), {
    'x-stack-id': stack,
  });
  expect(res.status).toBe(200);
  return fileUploadResponseSchema.parse(await res.json()).data;
}

async function message(res: Response): Promise<string> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('invalid_request');
  return body.error.message;
}

describe('POST /v1/files/upload', () => {
  it("answers exactly the spec's Uploaded file, without trace_id, with the purpose before or after the file", async () => {
    const emu = emulator();
    for (const fileFirst of [false, true]) {
      const res = await upload(
        emu,
        form('audio-input', new Blob([BYTES], { type: 'audio/wav' }), 'clip.wav', fileFirst),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('x-trace-id')).toBeTruthy();
      const body = (await res.json()) as { data: { file_id: string } };
      expect(body).toEqual({
        data: {
          file_id: expect.stringMatching(/^file_[\w-]{22}$/),
          filename: 'clip.wav',
          size: BYTES.length,
          purpose: 'audio-input',
          created_at: NOW,
        },
      });
    }
    // Nothing left in the temp folder: the file was moved into the store.
    expect(readdirSync(join(emu.dir, 'tmp'))).toEqual([]);
  });

  it('names the field and the rule when the form is wrong', async () => {
    const emu = emulator();
    const blob = new Blob([BYTES]);
    expect(await message(await upload(emu, form('bogus', blob)))).toBe(
      'purpose: must be one of image-input, video-input, audio-input, general (got "bogus")',
    );
    expect(await message(await upload(emu, form(null, blob)))).toBe('purpose: is required');
    expect(await message(await upload(emu, form('general', null)))).toBe(
      'file: is required and must be a file',
    );
    expect(await message(await upload(emu, form('general', new Blob([]))))).toBe(
      'file: must not be empty',
    );
    expect(await message(await upload(emu, form(null, null)))).toBe(
      'file: is required and must be a file; purpose: is required',
    );
    const notMultipart = await emu.request('/api/v1/files/upload', {
      method: 'POST',
      headers: headers({ json: true }),
      body: '{"purpose":"general"}',
    });
    expect(notMultipart.status).toBe(400);
    expect(await message(notMultipart)).toBe(
      'Content-Type must be multipart/form-data (got application/json).',
    );
    // A file under another field name does not count as `file`.
    const wrongField = await upload(emu, [
      { name: 'purpose', value: 'general' },
      { name: 'upload', filename: 'a.txt', data: 'x' },
    ]);
    expect(await message(wrongField)).toBe('file: is required and must be a file');
    expect(readdirSync(join(emu.dir, 'tmp'))).toEqual([]);
  });

  it('sanitizes the file name: base name only, no control characters, bounded length', async () => {
    const emu = emulator();
    const send = async (filename: string) => {
      const res = await upload(emu, [
        { name: 'file', filename, encoded: true, data: 'x' },
        { name: 'purpose', value: 'general' },
      ]);
      return ((await res.json()) as { data: { filename: string } }).data.filename;
    };
    expect(await send('C:\\Users\\me\\..\\ev\u0007il\u202ename.wav')).toBe('evilname.wav');
    expect(await send('../../etc/passwd')).toBe('passwd');
    expect(await send('..')).toBe('upload');
    const long = await send(`${'a'.repeat(300)}.mp3`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.mp3')).toBe(true);
  });

  it('refuses a file over EMULATOR_MAX_UPLOAD_MB with 413, counted or by Content-Length', async () => {
    const emu = emulator({ EMULATOR_MAX_UPLOAD_MB: '0.01' });
    const big = new Uint8Array(20_000);
    const counted = await upload(emu, form('general', new Blob([big])));
    expect(counted.status).toBe(413);
    expect(await message(counted)).toBe('File is larger than the 10.24 KB limit.');
    const { body, contentType } = multipart([
      { name: 'purpose', value: 'general' },
      { name: 'file', filename: 'big.bin', data: new Uint8Array(200_000) },
    ]);
    const declared = await emu.request('/api/v1/files/upload', {
      method: 'POST',
      headers: { ...headers(), 'content-type': contentType, 'content-length': String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    expect(readdirSync(join(emu.dir, 'tmp'))).toEqual([]);
    // Exactly at the limit is fine.
    const exact = await upload(emu, form('general', new Blob([new Uint8Array(10_485)])));
    expect(exact.status).toBe(200);
  });
});

describe('GET /v1/files/{file_id}', () => {
  it('returns the upload fields, content type and a URL serving the same bytes', async () => {
    const emu = emulator();
    const file = await uploaded(emu);
    const res = await emu.request(`/api/v1/files/${file.file_id}`, { headers: headers() });
    expect(res.status).toBe(200);
    const body = fileResponseSchema.parse(await res.json());
    expect(body).toEqual({
      data: { ...file, content_type: 'audio/wav', url: expect.any(String) },
      trace_id: res.headers.get('x-trace-id'),
    });
    expect(body.data.url).toMatch(/^http:\/\/localhost\/api\/v1\/media\/[\w-]{32}\/clip\.wav$/);

    const media = await emu.request(new URL(body.data.url).pathname);
    expect(media.status).toBe(200);
    expect(media.headers.get('content-type')).toBe('audio/wav');
    expect(media.headers.get('content-length')).toBe(String(BYTES.length));
    expect(Buffer.from(await media.arrayBuffer())).toEqual(BYTES);
  });

  it('builds the URL from X-Forwarded-Host/Proto when the gateway sets them', async () => {
    const emu = emulator();
    const file = await uploaded(emu);
    const res = await emu.request(`/api/v1/files/${file.file_id}`, {
      headers: { ...headers(), 'x-forwarded-host': '127.0.0.1:5173', 'x-forwarded-proto': 'http' },
    });
    const { data } = fileResponseSchema.parse(await res.json());
    expect(data.url.startsWith('http://127.0.0.1:5173/api/v1/media/')).toBe(true);
  });

  it('is scoped to the key and stack that uploaded it', async () => {
    const emu = emulator();
    const file = await uploaded(emu);
    for (const who of [
      headers({ key: otherKey }),
      headers({ stack: 'stack-b' }),
      headers({ stack: null }),
    ]) {
      const res = await emu.request(`/api/v1/files/${file.file_id}`, { headers: who });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'not_found', message: `No file with id ${file.file_id}.` },
      });
    }
    const owner = { keyHash: hashKey(testKey), stackId: 'stack-a' };
    expect((await resolveFileBytes(emu.deps, file.file_id, owner))?.bytes).toEqual(BYTES);
    expect(
      await resolveFileBytes(emu.deps, file.file_id, { ...owner, keyHash: hashKey(otherKey) }),
    ).toBeNull();
  });

  it('belongs to the whole key when uploaded without X-Stack-Id, so any of its stacks can use it', async () => {
    const emu = emulator();
    const res = await emu.request('/api/v1/files/upload', {
      method: 'POST',
      headers: headers({ stack: null }),
      body: form('general', new Blob([BYTES], { type: 'application/zip' })),
    });
    expect(res.status).toBe(200);
    const file = fileUploadResponseSchema.parse(await res.json()).data;
    for (const stack of ['stack-a', 'stack-b']) {
      const found = await emu.request(`/api/v1/files/${file.file_id}`, {
        headers: headers({ stack }),
      });
      expect(found.status).toBe(200);
      const owner = { keyHash: hashKey(testKey), stackId: stack };
      expect((await resolveFileBytes(emu.deps, file.file_id, owner))?.bytes).toEqual(BYTES);
    }
    const stranger = await emu.request(`/api/v1/files/${file.file_id}`, {
      headers: headers({ key: otherKey }),
    });
    expect(stranger.status).toBe(404);
  });
});
