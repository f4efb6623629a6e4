import { ascii, dataView, hasBytes } from './bytes';
import type { MediaInfo } from './media-info';

const image = (format: string, width: number, height: number): MediaInfo => ({
  kind: 'image',
  format,
  contentType: `image/${format}`,
  width,
  height,
});

function inspectPng(bytes: Uint8Array): MediaInfo | null {
  if (!hasBytes(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || bytes.length < 24) {
    return null;
  }
  const view = dataView(bytes);
  return image('png', view.getUint32(16), view.getUint32(20)); // IHDR comes first
}

// Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range.
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function inspectJpeg(bytes: Uint8Array): MediaInfo | null {
  if (!hasBytes(bytes, 0, [0xff, 0xd8, 0xff])) return null;
  const view = dataView(bytes);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset++; // fill byte
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (isStartOfFrame(marker) && offset + 9 <= bytes.length) {
      return image('jpeg', view.getUint16(offset + 7), view.getUint16(offset + 5));
    }
    offset += 2 + length;
  }
  return { kind: 'image', format: 'jpeg', contentType: 'image/jpeg' };
}

function inspectGif(bytes: Uint8Array): MediaInfo | null {
  const signature = ascii(bytes, 0, 6);
  if ((signature !== 'GIF87a' && signature !== 'GIF89a') || bytes.length < 10) return null;
  const view = dataView(bytes);
  return image('gif', view.getUint16(6, true), view.getUint16(8, true));
}

function inspectWebp(bytes: Uint8Array): MediaInfo | null {
  if (!hasBytes(bytes, 0, 'RIFF') || !hasBytes(bytes, 8, 'WEBP') || bytes.length < 30) return null;
  const view = dataView(bytes);
  const chunk = ascii(bytes, 12, 4);
  const data = 20;
  if (chunk === 'VP8 ') {
    // Lossy: a key frame header (3 bytes, then the 9d 01 2a start code) precedes the sizes.
    return image(
      'webp',
      view.getUint16(data + 6, true) & 0x3fff,
      view.getUint16(data + 8, true) & 0x3fff,
    );
  }
  if (chunk === 'VP8L') {
    // Lossless: after the 0x2f signature, 14 bits of width-1 then 14 bits of height-1.
    const bits = view.getUint32(data + 1, true);
    return image('webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    const u24 = (offset: number) => view.getUint16(offset, true) | ((bytes[offset + 2] ?? 0) << 16);
    return image('webp', u24(data + 4) + 1, u24(data + 7) + 1);
  }
  return { kind: 'image', format: 'webp', contentType: 'image/webp' };
}

export function inspectImage(bytes: Uint8Array): MediaInfo | null {
  return inspectPng(bytes) ?? inspectJpeg(bytes) ?? inspectGif(bytes) ?? inspectWebp(bytes);
}
