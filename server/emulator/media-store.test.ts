import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from './test-support/test-emulator';

const NOW = '2025-03-01T12:00:00.000Z';
let emu: TestEmulator;
beforeEach(() => {
  emu = createTestEmulator({}, { now: () => new Date(NOW) });
});
afterEach(() => emu.cleanup());

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('media store', () => {
  it('stores bytes under media/<long random id>, records them, and leaves no temp file', async () => {
    const bytes = Buffer.from('some audio');
    const record = await emu.mediaStore.put({
      bytes,
      contentType: 'audio/mpeg',
      filename: 'a.mp3',
    });
    expect(record).toEqual({
      id: expect.stringMatching(/^[\w-]{32}$/),
      kind: 'audio',
      content_type: 'audio/mpeg',
      size: bytes.length,
      sha256: sha(bytes),
      storage_path: `media/${record.id}`,
      filename: 'a.mp3',
      created_at: NOW,
    });
    expect(readFileSync(join(emu.dir, 'media', record.id))).toEqual(bytes);
    expect(readdirSync(join(emu.dir, 'tmp'))).toEqual([]);
    expect(emu.mediaStore.get(record.id)).toEqual(record);
    expect(await emu.mediaStore.read(record.id)).toEqual(bytes);
    expect(emu.mediaStore.get('nope')).toBeNull();
    expect(await emu.mediaStore.read('nope')).toBeNull();
    const other = await emu.mediaStore.put({ bytes, contentType: 'image/png' });
    expect(other.id).not.toBe(record.id);
    expect(other.kind).toBe('image');
  });

  it('moves a finished temp file in, hashing it when the caller did not', async () => {
    const temp = emu.mediaStore.tempPath();
    expect(temp.startsWith(join(emu.dir, 'tmp'))).toBe(true);
    writeFileSync(temp, 'streamed bytes');
    const record = await emu.mediaStore.putFromFile(temp, { contentType: 'video/mp4' });
    expect(existsSync(temp)).toBe(false);
    expect(record).toMatchObject({
      kind: 'video',
      size: 14,
      sha256: sha(Buffer.from('streamed bytes')),
    });
    expect(readFileSync(emu.mediaStore.pathOf(record), 'utf8')).toBe('streamed bytes');
  });

  it('builds absolute URLs with a safe, encoded file name', async () => {
    const record = await emu.mediaStore.put({
      bytes: Buffer.from('x'),
      contentType: 'audio/wav',
      filename: '../my take (1).wav',
    });
    const base = `https://studio.test/api/v1/media/${record.id}`;
    expect(emu.mediaStore.urlFor(record.id, 'https://studio.test')).toBe(
      `${base}/my%20take%20(1).wav`,
    );
    expect(emu.mediaStore.urlFor(record.id, 'https://studio.test', 'a/b?.mp3')).toBe(
      `${base}/b%3F.mp3`,
    );
    const unnamed = await emu.mediaStore.put({
      bytes: Buffer.from('x'),
      contentType: 'text/plain',
    });
    expect(emu.mediaStore.urlFor(unnamed.id, 'http://h')).toBe(
      `http://h/api/v1/media/${unnamed.id}/file`,
    );
  });

  it('clears temp files left by a crash when the emulator starts', async () => {
    writeFileSync(join(emu.dir, 'tmp', 'left-over'), 'partial upload');
    await emu.close();
    const again = createTestEmulator({}, { dir: emu.dir });
    expect(readdirSync(join(emu.dir, 'tmp'))).toEqual([]);
    await again.close();
  });
});
