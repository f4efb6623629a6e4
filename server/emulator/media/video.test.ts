import { describe, expect, it } from 'vitest';
import { inspectMedia } from './inspect';
import { renderVideo, VIDEO_DEFAULTS } from './video';

/** Finds a box by path (e.g. moov/trak/tkhd) and returns its content. */
function findBox(
  bytes: Uint8Array,
  path: string[],
  start = 0,
  end = bytes.length,
): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let offset = start; offset + 8 <= end;) {
    const size = view.getUint32(offset);
    const type = new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8));
    if (size < 8) return null;
    if (type === path[0]) {
      return path.length === 1
        ? bytes.subarray(offset + 8, offset + size)
        : findBox(bytes, path.slice(1), offset + 8, offset + size);
    }
    offset += size;
  }
  return null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

describe('renderVideo', () => {
  it('writes an H.264 MP4 of the requested size, rate and length', async () => {
    const mp4 = await renderVideo({
      prompt: 'waves',
      tool: 'generate_video_v_1',
      width: 256,
      height: 144,
      fps: 10,
      durationS: 1.5,
    });
    expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');

    const mvhd = view(findBox(mp4, ['moov', 'mvhd'])!);
    expect(mvhd.getUint8(0)).toBe(0); // version 0: 32-bit times
    const durationS = mvhd.getUint32(16) / mvhd.getUint32(12);
    expect(Math.abs(durationS - 1.5)).toBeLessThanOrEqual(1 / 10);

    const tkhd = view(findBox(mp4, ['moov', 'trak', 'tkhd'])!);
    expect(tkhd.getUint32(76) >>> 16).toBe(256);
    expect(tkhd.getUint32(80) >>> 16).toBe(144);

    const handler = findBox(mp4, ['moov', 'trak', 'mdia', 'hdlr'])!;
    expect(new TextDecoder().decode(handler.subarray(8, 12))).toBe('vide');
    const sampleEntry = findBox(mp4, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd'])!;
    expect(new TextDecoder().decode(sampleEntry.subarray(12, 16))).toBe('avc1');

    expect(inspectMedia(mp4)).toMatchObject({
      kind: 'video',
      format: 'mp4',
      width: 256,
      height: 144,
    });
    expect(inspectMedia(mp4)?.durationS).toBeCloseTo(1.5, 1);
  });

  // How long the defaults take to render is a figure of bench/emulator-timings.ts: a time
  // measured here would fail whenever the machine is busy.
  it('uses the small defaults when a request names no size, rate or length', async () => {
    const mp4 = await renderVideo({ prompt: 'a fox', tool: 'generate_video_v_1' });
    expect(inspectMedia(mp4)).toMatchObject({
      kind: 'video',
      width: VIDEO_DEFAULTS.width,
      height: VIDEO_DEFAULTS.height,
      durationS: VIDEO_DEFAULTS.durationS,
    });
  });

  it('rounds sizes to even numbers and bounds every parameter', async () => {
    const tiny = inspectMedia(
      await renderVideo({ prompt: 'p', tool: 't', width: 9, height: 101, fps: 0, durationS: 0.1 }),
    );
    expect(tiny).toMatchObject({ width: 64, height: 102 });
    expect(tiny?.durationS).toBeCloseTo(1, 1); // one frame at the minimum 1 fps
  });

  it('animates: frames of different prompts differ, the same prompt gives the same file', async () => {
    const request = { prompt: 'p', tool: 't', width: 64, height: 64, fps: 4, durationS: 1 };
    const [a, b, c] = await Promise.all([
      renderVideo(request),
      renderVideo(request),
      renderVideo({ ...request, prompt: 'q' }),
    ]);
    expect(Buffer.from(a!).equals(Buffer.from(b!))).toBe(true);
    expect(Buffer.from(a!).equals(Buffer.from(c!))).toBe(false);
  });

  it('stamps no wall-clock time, so a request rendered a second later gives the same bytes', async () => {
    const mp4 = await renderVideo({
      prompt: 'p',
      tool: 't',
      width: 64,
      height: 64,
      fps: 1,
      durationS: 1,
    });
    const headers = [
      findBox(mp4, ['moov', 'mvhd'])!,
      findBox(mp4, ['moov', 'trak', 'tkhd'])!,
      findBox(mp4, ['moov', 'trak', 'mdia', 'mdhd'])!,
    ];
    for (const header of headers) {
      expect(header[0]).toBe(0); // version 0: two 32-bit times after version and flags
      expect(view(header).getUint32(4)).toBe(0); // creation
      expect(view(header).getUint32(8)).toBe(0); // modification
    }
  });

  it('leaves no process-wide error handlers behind', async () => {
    await renderVideo({ prompt: 'p', tool: 't', width: 64, height: 64, fps: 1, durationS: 1 });
    const handlers = process.listeners('unhandledRejection').map(String);
    expect(handlers.some((handler) => handler.includes('abort('))).toBe(false);
  });
});
