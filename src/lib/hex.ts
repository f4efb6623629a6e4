// Nibble value per char code, 255 for anything that is not a hex digit. A table lookup per
// character keeps multi-megabyte audio payloads (T2A returns audio as hex) to a few milliseconds.
const invalid = 255;
const nibbles = new Uint8Array(128).fill(invalid);
for (let i = 0; i < 10; i++) nibbles[48 + i] = i; // 0-9
for (let i = 0; i < 6; i++) {
  nibbles[97 + i] = 10 + i; // a-f
  nibbles[65 + i] = 10 + i; // A-F: still hex, and cheaper to accept than to explain
}

/** Decodes a hex string (two digits per byte) into bytes; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0) {
    throw new Error(
      `Invalid hex: odd length (${hex.length} characters); expected two digits per byte`,
    );
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = nibble(hex, i * 2);
    const low = nibble(hex, i * 2 + 1);
    bytes[i] = (high << 4) | low;
  }
  return bytes;
}

/** Hex-encoded bytes as a Blob of the given MIME type, e.g. 'audio/mpeg'. */
export function hexToBlob(hex: string, type: string): Blob {
  return new Blob([hexToBytes(hex)], { type });
}

function nibble(hex: string, index: number): number {
  const code = hex.charCodeAt(index);
  const value = code < 128 ? (nibbles[code] ?? invalid) : invalid;
  if (value === invalid) {
    throw new Error(
      `Invalid hex: unexpected character ${JSON.stringify(hex.charAt(index))} at position ${index}; expected 0-9 or a-f`,
    );
  }
  return value;
}
