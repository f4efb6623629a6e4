import { afterEach, expect, it } from 'vitest';
import { renderImage } from '../media/image';
import { renderVideo } from '../media/video';
import { buildZip } from '../media/zip';
import { createTestEmulator, type TestEmulator } from '../test-support/test-emulator';
import { speechWav, uploadBytes } from '../test-support/training-fixtures';

let emu: TestEmulator | null = null;
afterEach(async () => {
  await emu?.cleanup();
  emu = null;
});

it('records the content type sniffed from the bytes, not the one declared', async () => {
  emu = createTestEmulator();
  const cases: Array<[Uint8Array, string, string, string]> = [
    [await speechWav('Hello.'), 'clip.bin', 'application/octet-stream', 'audio/wav'],
    [
      await renderVideo({ prompt: 'p', tool: 't', seed: 1, durationS: 0.5 }),
      'clip.txt',
      'text/plain',
      'video/mp4',
    ],
    [
      renderImage({ prompt: 'p', tool: 't', seed: 1, width: 64, height: 64 }),
      'photo.wav',
      'audio/wav',
      'image/png',
    ],
    [
      buildZip([{ name: 'a.txt', data: new Uint8Array([65]) }]),
      'set.zip',
      'application/x-zip-compressed',
      'application/zip',
    ],
    // Not media: what the client said stands.
    [new TextEncoder().encode('just notes'), 'notes.txt', 'text/plain', 'text/plain'],
  ];
  for (const [bytes, filename, declared, expected] of cases) {
    const file = await uploadBytes(emu, bytes, filename, declared);
    expect(file.content_type, filename).toBe(expected);
    const served = await emu.request(new URL(file.url).pathname);
    expect(served.headers.get('content-type'), filename).toBe(expected);
  }
});
