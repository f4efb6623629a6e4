// The ISO base media (MP4, HEIF) box layout, read from untrusted bytes.
import { ascii, dataView } from './bytes';

export interface Box {
  type: string;
  /** Content start (after the header) and end. */
  start: number;
  end: number;
}

/** The boxes laid out one after another in [start, end). */
export function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box> {
  const view = dataView(bytes);
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1 && offset + 16 <= end) {
      size = Number(view.getBigUint64(offset + 8)); // 64-bit "largesize"
      header = 16;
    } else if (size === 0) {
      size = end - offset; // extends to the end of its parent
    }
    if (size < header) return; // corrupt
    yield {
      type: ascii(bytes, offset + 4, 4),
      start: offset + header,
      end: Math.min(end, offset + size),
    };
    offset += size;
  }
}

export const child = (bytes: Uint8Array, parent: Box, type: string) => {
  for (const box of boxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
};
