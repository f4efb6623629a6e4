// Byte builders for hand-made media files, written from the format specifications, for
// tests of containers this library does not generate itself. Used only by tests.

export const concat = (...parts: Array<Uint8Array | number[] | string>) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : [...part],
    ),
  );
export const u16be = (n: number) => [n >> 8, n & 0xff];
export const u32be = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
export const u16le = (n: number) => [n & 0xff, n >> 8];
export const u32le = (n: number) => u32be(n).reverse();
export const u24le = (n: number) => u32le(n).slice(0, 3);

/** An ISO BMFF box: 32-bit size, four-letter type, content. */
export const box = (type: string, ...content: Array<Uint8Array | number[] | string>) => {
  const body = concat(...content);
  return concat(u32be(body.length + 8), type, body);
};
export const zeros = (n: number) => new Array<number>(n).fill(0);

export function track(handler: 'vide' | 'soun', width: number, height: number) {
  // tkhd v0: 20 bytes of times/ids, 8 reserved, layer, group, volume, reserved, matrix.
  const tkhd = box('tkhd', zeros(4 + 20 + 8 + 8 + 36), u32be(width << 16), u32be(height << 16));
  const mdhd = box('mdhd', zeros(12), u32be(1000), u32be(3000), zeros(4));
  const hdlr = box('hdlr', zeros(8), handler, zeros(12), 'handler\0');
  const audioEntry = box(
    'mp4a',
    zeros(6),
    u16be(1),
    zeros(8),
    u16be(2),
    u16be(16),
    zeros(4),
    u32be(44100 << 16),
  );
  const stsd = box(
    'stsd',
    zeros(4),
    u32be(1),
    handler === 'soun' ? audioEntry : box('avc1', zeros(70)),
  );
  return box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', box('stbl', stsd))));
}
export const mvhd = (timescale: number, duration: number) =>
  box('mvhd', zeros(12), u32be(timescale), u32be(duration), zeros(80));

/** A Matroska element with a one-byte-length size (payloads here are < 127 bytes). */
export const ebml = (id: number[], ...payload: Array<Uint8Array | number[] | string>) => {
  const body = concat(...payload);
  return concat(id, [0x80 | body.length], body);
};
export const float64 = (value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return [...bytes];
};

export function oggPage(granule: bigint, packet: Uint8Array | number[], serial = 7) {
  const header = new Uint8Array(27);
  header.set(concat('OggS'));
  new DataView(header.buffer).setBigUint64(6, granule, true);
  new DataView(header.buffer).setUint32(14, serial, true);
  header[26] = 1;
  const body = concat(packet);
  return concat(header, [body.length], body);
}
