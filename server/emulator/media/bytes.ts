// Small readers shared by the media sniffers. Offsets past the end read as empty/false
// rather than throwing: the input is untrusted and often truncated.

export function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** Whether `bytes` holds `signature` (text or byte values) at `offset`. */
export function hasBytes(
  bytes: Uint8Array,
  offset: number,
  signature: string | readonly number[],
): boolean {
  if (offset < 0 || offset + signature.length > bytes.length) return false;
  for (let i = 0; i < signature.length; i++) {
    const expected = typeof signature === 'string' ? signature.charCodeAt(i) : signature[i];
    if (bytes[offset + i] !== expected) return false;
  }
  return true;
}

/** Size of an ID3v2 tag at `offset` (header and footer included), 0 when there is none. */
export function id3v2Size(bytes: Uint8Array, offset = 0): number {
  if (!hasBytes(bytes, offset, 'ID3') || bytes.length < offset + 10) return 0;
  // The size is "syncsafe": four 7-bit groups.
  let size = 0;
  for (let i = 6; i < 10; i++) size = size * 128 + ((bytes[offset + i] ?? 0) & 0x7f);
  const hasFooter = ((bytes[offset + 5] ?? 0) & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}
