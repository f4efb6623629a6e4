/**
 * The safetensors format (huggingface/safetensors): an 8-byte little-endian header length,
 * a JSON header naming each tensor's dtype, shape and [begin, end) byte offsets into the
 * data that follows, then the raw little-endian tensor data. Only F32 is written here.
 */
export interface Tensor {
  name: string;
  shape: number[];
  data: Float32Array;
}

export interface TensorEntry {
  dtype: string;
  shape: number[];
  data_offsets: [number, number];
}

export interface SafetensorsHeader {
  __metadata__?: Record<string, string>;
  tensors: Record<string, TensorEntry>;
}

/** Metadata values must be strings: the format allows nothing else there. */
export function encodeSafetensors(tensors: Tensor[], metadata: Record<string, string>): Uint8Array {
  const header: Record<string, unknown> = { __metadata__: metadata };
  let offset = 0;
  for (const tensor of tensors) {
    const expected = tensor.shape.reduce((product, side) => product * side, 1);
    if (expected !== tensor.data.length)
      throw new Error(
        `tensor ${tensor.name}: shape holds ${expected} values, got ${tensor.data.length}`,
      );
    const end = offset + tensor.data.byteLength;
    header[tensor.name] = { dtype: 'F32', shape: tensor.shape, data_offsets: [offset, end] };
    offset = end;
  }
  let json = JSON.stringify(header);
  // Padding the header with spaces to a multiple of 8 keeps the data aligned for readers
  // that map it straight into typed arrays, as the reference implementation does.
  json += ' '.repeat((8 - (Buffer.byteLength(json) % 8)) % 8);
  const headerBytes = Buffer.from(json, 'utf8');
  const bytes = new Uint8Array(8 + headerBytes.length + offset);
  const view = new DataView(bytes.buffer);
  view.setBigUint64(0, BigInt(headerBytes.length), true);
  bytes.set(headerBytes, 8);
  let position = 8 + headerBytes.length;
  for (const tensor of tensors) {
    for (const value of tensor.data) {
      view.setFloat32(position, value, true);
      position += 4;
    }
  }
  return bytes;
}

/** Reads and checks the header: offsets contiguous, in bounds and matching dtype × shape. */
export function readSafetensorsHeader(bytes: Uint8Array): SafetensorsHeader {
  if (bytes.length < 8) throw new Error('too short for a safetensors file');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = Number(view.getBigUint64(0, true));
  if (8 + length > bytes.length) throw new Error('header length runs past the end of the file');
  const parsed = JSON.parse(Buffer.from(bytes.subarray(8, 8 + length)).toString('utf8')) as Record<
    string,
    unknown
  >;
  const { __metadata__, ...rest } = parsed;
  const tensors = rest as Record<string, TensorEntry>;
  const dataLength = bytes.length - 8 - length;
  const sizes: Record<string, number> = { F32: 4, F16: 2, BF16: 2, F64: 8, I64: 8, I32: 4 };
  const ranges = Object.entries(tensors)
    .map(([name, entry]) => {
      const size = sizes[entry.dtype];
      if (!size) throw new Error(`tensor ${name}: unknown dtype ${entry.dtype}`);
      const [begin, end] = entry.data_offsets;
      const count = entry.shape.reduce((product, side) => product * side, 1);
      if (end - begin !== count * size)
        throw new Error(`tensor ${name}: size does not match shape`);
      return [begin, end] as const;
    })
    .sort((a, b) => a[0] - b[0]);
  let expected = 0;
  for (const [begin, end] of ranges) {
    if (begin !== expected) throw new Error('tensor data has gaps or overlaps');
    expected = end;
  }
  if (expected !== dataLength) throw new Error('tensor data does not fill the file');
  return {
    ...(__metadata__ ? { __metadata__: __metadata__ as Record<string, string> } : {}),
    tensors,
  };
}
