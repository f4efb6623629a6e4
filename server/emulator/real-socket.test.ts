import { afterEach, describe, expect, it } from 'vitest';
import { fileUploadResponseSchema } from '../../src/api/contract/files';
import { findFile } from './db/files-repo';
import { hashKey } from './principal';
import { serveEmulator, type ServedEmulator } from './test-support/serve-emulator';
import { streamedUpload } from './test-support/streamed-upload';
import {
  createTestEmulator,
  headers,
  testKey,
  type TestEmulator,
} from './test-support/test-emulator';

const MB = 1024 * 1024;
const running: Array<TestEmulator | ServedEmulator> = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse())
    await ('cleanup' in item ? item.cleanup() : item.close());
});

async function start(vars: Record<string, string>, random?: () => number) {
  const emu = createTestEmulator(vars, random ? { random } : {});
  running.push(emu);
  const served = await serveEmulator(emu.app);
  running.push(served);
  return { emu, origin: served.origin };
}

describe('on a real socket', () => {
  // That the upload streams (memory grows far less than the file) is measured by
  // bench/streaming-memory.ts: the process's memory also moves with whatever else runs, so a
  // bound checked here fails on a busy machine. Here: every byte arrives, in order.
  it('stores a 200 MB upload whole, byte for byte', async () => {
    const { emu, origin } = await start({});
    const upload = streamedUpload(200);
    const res = await fetch(`${origin}/api/v1/files/upload`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': upload.contentType },
      body: upload.body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    const { data } = fileUploadResponseSchema.parse(await res.json());
    expect(data.size).toBe(200 * MB);
    const file = findFile(emu.db, data.file_id, {
      keyHash: hashKey(testKey),
      stackId: 'stack-a',
    });
    expect(emu.mediaStore.get(file!.media_id)?.sha256).toBe(upload.sha256);
  }, 60_000);

  it('answers 413 to an upload over the limit without reading it all', async () => {
    const { emu, origin } = await start({ EMULATOR_MAX_UPLOAD_MB: '1' });
    const upload = streamedUpload(50);
    const res = await fetch(`${origin}/api/v1/files/upload`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': upload.contentType },
      body: upload.body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: 'invalid_request', message: 'File is larger than the 1 MB limit.' },
    });
    expect(emu.db.prepare('SELECT count(*) FROM media').pluck().get()).toBe(0);
  }, 30_000);

  it('drops the connection for a `dropped` fault', async () => {
    // First draw: fault (0.99 < 1); second: the last kind in the mix, dropped.
    const { origin } = await start({ EMULATOR_FAULTS: '1' }, () => 0.99);
    const attempt = fetch(`${origin}/api/v1/files/file_x`, { headers: headers() });
    await expect(attempt).rejects.toThrow(/fetch failed/);
  });
});
