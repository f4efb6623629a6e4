import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const COLOR_TYPE_RGB = 2;
const FILTER_SUB = 1;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  bytes.set(data, 8);
  // The CRC covers the type and the data, not the length.
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

/** PNG of 8-bit RGB pixels (`rgb.length === width * height * 3`). */
export function encodePng(
  rgb: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
): Uint8Array {
  if (rgb.length !== width * height * 3) throw new RangeError('pixel buffer does not match size');
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, COLOR_TYPE_RGB, 0, 0, 0], 8); // depth, colour type, compression, filter, interlace

  // Every row uses the Sub filter (each byte minus the one a pixel to its left): on smooth
  // gradients it leaves small numbers that deflate well, and it costs one pass.
  const stride = width * 3;
  const filtered = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    const source = y * stride;
    filtered[row] = FILTER_SUB;
    for (let i = 0; i < stride; i++) {
      filtered[row + 1 + i] = rgb[source + i]! - (i >= 3 ? rgb[source + i - 3]! : 0);
    }
  }
  // Level 1: the grain makes the data noisy, and higher levels double or treble the time
  // (1024x1024: ~35 ms against ~70 ms at 4) for 10-15% smaller files.
  const compressed = deflateSync(filtered, { level: 1 });
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
