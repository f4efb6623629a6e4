import { describe, expect, it } from 'vitest';
import { encodeSafetensors, readSafetensorsHeader } from './safetensors';

describe('safetensors', () => {
  it('writes the format: u64 header length, 8-aligned JSON header, F32 data at its offsets', () => {
    const a = Float32Array.from([1, -2, 3.5, 0.25, 0, 7]);
    const b = Float32Array.from([0.5]);
    const bytes = encodeSafetensors(
      [
        { name: 'a', shape: [2, 3], data: a },
        { name: 'b', shape: [1], data: b },
      ],
      { format: 'pt' },
    );
    const view = new DataView(bytes.buffer);
    const headerLength = Number(view.getBigUint64(0, true));
    expect((8 + headerLength) % 8).toBe(0);
    const header = readSafetensorsHeader(bytes);
    expect(header).toEqual({
      __metadata__: { format: 'pt' },
      tensors: {
        a: { dtype: 'F32', shape: [2, 3], data_offsets: [0, 24] },
        b: { dtype: 'F32', shape: [1], data_offsets: [24, 28] },
      },
    });
    const data = 8 + headerLength;
    expect(view.getFloat32(data + 8, true)).toBe(3.5);
    expect(view.getFloat32(data + 24, true)).toBe(0.5);
    expect(bytes.length).toBe(data + 28);
  });

  it('refuses a shape that does not match the data, and a truncated file', () => {
    expect(() =>
      encodeSafetensors([{ name: 'x', shape: [2, 2], data: new Float32Array(3) }], {}),
    ).toThrow(/shape holds 4 values, got 3/);
    const bytes = encodeSafetensors([{ name: 'x', shape: [4], data: new Float32Array(4) }], {});
    expect(() => readSafetensorsHeader(bytes.subarray(0, bytes.length - 4))).toThrow(
      /does not fill the file/,
    );
  });
});
