import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderImage } from './image';
import { inspectMedia } from './inspect';

// An independent CRC-32 (reflected 0xedb88320), so PNG checksums are not checked with the
// same function that wrote them.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) =>
  (bytes.reduce((crc, byte) => CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8), 0xffffffff) ^
    0xffffffff) >>>
  0;

interface Chunk {
  type: string;
  data: Uint8Array;
  crcOk: boolean;
}

function readChunks(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = view.getUint32(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    chunks.push({
      type: new TextDecoder().decode(typeAndData.subarray(0, 4)),
      data: typeAndData.subarray(4),
      crcOk: crc32(typeAndData) === view.getUint32(offset + 8 + length),
    });
    offset += 12 + length;
  }
  return chunks;
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [a, b, c] = [left, up, upLeft].map((value) => Math.abs(estimate - value)) as [
    number,
    number,
    number,
  ];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
}

/** RGB pixels of an 8-bit truecolour PNG, undoing any of the five row filters. */
function decodePixels(png: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const chunks = readChunks(png);
  const header = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset);
  const width = header.getUint32(0);
  const height = header.getUint32(4);
  const raw = inflateSync(
    Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)),
  );
  const stride = width * 3;
  const rgb = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? rgb[y * stride + i - 3]! : 0;
      const up = y > 0 ? rgb[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= 3 ? rgb[(y - 1) * stride + i - 3]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter]!;
      rgb[y * stride + i] = raw[y * (stride + 1) + 1 + i]! + predictor;
    }
  }
  return { width, height, rgb };
}

const meanDifference = (a: Uint8Array, b: Uint8Array) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - b[i]!), 0) / a.length;

describe('renderImage', () => {
  const request = {
    prompt: 'a lighthouse at dusk',
    tool: 'generate_image_v_1',
    width: 320,
    height: 200,
  };

  it('writes a valid truecolour PNG of the requested size', () => {
    const png = renderImage(request);
    expect(Array.from(png.subarray(0, 8))).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ]);
    const chunks = readChunks(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((chunk) => chunk.crcOk)).toBe(true);
    expect(Array.from(chunks[0]!.data.subarray(8))).toEqual([8, 2, 0, 0, 0]);
    const { width, height, rgb } = decodePixels(png);
    expect([width, height]).toEqual([320, 200]);
    expect(inspectMedia(png)).toMatchObject({
      kind: 'image',
      format: 'png',
      width: 320,
      height: 200,
    });
    // A picture, not a flat fill: plenty of distinct colours.
    const colours = new Set<number>();
    for (let i = 0; i < rgb.length; i += 3)
      colours.add((rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!);
    expect(colours.size).toBeGreaterThan(500);
  });

  it('is deterministic for the same inputs', () => {
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    expect(same(renderImage(request), renderImage(request))).toBe(true);
    expect(same(renderImage({ ...request, seed: 7 }), renderImage({ ...request, seed: 7 }))).toBe(
      true,
    );
  });

  it('looks different for a different prompt, tool or seed', () => {
    const base = decodePixels(renderImage(request)).rgb;
    for (const change of [{ prompt: 'a red car' }, { tool: 'generate_image_v_2' }, { seed: 42 }]) {
      const other = decodePixels(renderImage({ ...request, ...change })).rgb;
      expect(meanDifference(base, other), JSON.stringify(change)).toBeGreaterThan(20);
    }
  });

  it('bounds the size to 64..2048', () => {
    expect(inspectMedia(renderImage({ ...request, width: 10, height: 5000 }))).toMatchObject({
      width: 64,
      height: 2048,
    });
  });

  // How long a megapixel takes is a figure of bench/emulator-timings.ts: a time measured here
  // would fail whenever the machine is busy.
  it('renders the default square megapixel in full', () => {
    const png = renderImage({ ...request, width: 1024, height: 1024 });
    expect(inspectMedia(png)).toMatchObject({ kind: 'image', width: 1024, height: 1024 });
    expect(readChunks(png).every((chunk) => chunk.crcOk)).toBe(true);
  });
});
