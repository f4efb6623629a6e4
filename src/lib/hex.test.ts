// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hexToBlob, hexToBytes } from './hex';

describe('hexToBytes', () => {
  it('decodes every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const hex = Array.from(all, (b) => b.toString(16).padStart(2, '0')).join('');
    expect(hexToBytes(hex)).toEqual(all);
    expect(hexToBytes(hex.toUpperCase())).toEqual(all);
  });

  it('decodes the empty string to no bytes', () => {
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
  });

  it('rejects an odd length, saying so', () => {
    expect(() => hexToBytes('abc')).toThrow(/odd length \(3 characters\)/);
  });

  it('rejects a non-hex character with its position', () => {
    expect(() => hexToBytes('00ag')).toThrow(/unexpected character "g" at position 3/);
    expect(() => hexToBytes('0x12')).toThrow(/"x" at position 1/);
    expect(() => hexToBytes('12 4')).toThrow(/" " at position 2/);
    expect(() => hexToBytes('é0')).toThrow(/"é" at position 0/);
  });

  it('decodes a multi-megabyte payload', () => {
    const bytes = new Uint8Array(4 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 0xff;
    const hex = Buffer.from(bytes).toString('hex');
    const decoded = hexToBytes(hex);
    expect(decoded.length).toBe(bytes.length);
    expect(Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('hexToBlob', () => {
  it('wraps the bytes with the given type', async () => {
    const blob = hexToBlob('494433', 'audio/mpeg');
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x49, 0x44, 0x33]));
  });

  it('throws before building a blob from bad hex', () => {
    expect(() => hexToBlob('zz', 'audio/mpeg')).toThrow(/Invalid hex/);
  });
});
