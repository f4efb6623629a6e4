/*
 * The sample rate a file was recorded at, read from its header. Web Audio decodes to the rate of
 * the context it is given, so without this every clip would report the decoder's rate: an 8 kHz
 * phone recording would read as 44.1 kHz, and resampling would smear the flat runs of clipping.
 */

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

function wav(b: Uint8Array): number | null {
  for (let at = 12; at + 16 <= b.length; at += 8 + u32le(b, at + 4) + (u32le(b, at + 4) % 2))
    if (ascii(b, at, 'fmt ')) return u32le(b, at + 12);
  return null;
}

/** STREAMINFO follows the marker; its 20-bit rate starts 10 bytes into the block. */
const flac = (b: Uint8Array) => (b[18]! << 12) | (b[19]! << 4) | (b[20]! >> 4);

const mpegRates = [
  [11_025, 12_000, 8000], // MPEG 2.5
  null,
  [22_050, 24_000, 16_000], // MPEG 2
  [44_100, 48_000, 32_000], // MPEG 1
];
const adtsRates = [
  96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8000,
  7350,
];

/**
 * MP3 or ADTS AAC: the first frame header. A file with an ID3 tag may pad before its first frame;
 * one without must start with a frame, so other formats are not misread.
 */
function mpegFrames(b: Uint8Array): number | null {
  let at = 0;
  let end = 1;
  if (ascii(b, 0, 'ID3')) {
    at = 10 + ((b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!) + (b[5]! & 0x10 ? 10 : 0);
    end = at + 4096;
  }
  for (end = Math.min(b.length - 3, end); at < end; at++) {
    if (b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) continue;
    const layer = (b[at + 1]! >> 1) & 3;
    if (layer === 0 && (b[at + 1]! & 0xf0) === 0xf0)
      return adtsRates[(b[at + 2]! >> 2) & 15] ?? null;
    const rate = mpegRates[(b[at + 1]! >> 3) & 3]?.[(b[at + 2]! >> 2) & 3];
    if (layer !== 0 && rate) return rate;
  }
  return null;
}

/** Ogg: the first packet is an Opus or Vorbis identification header. */
function ogg(b: Uint8Array): number | null {
  const packet = 27 + b[26]!;
  if (ascii(b, packet, 'OpusHead')) return u32le(b, packet + 12) || 48_000;
  if (ascii(b, packet + 1, 'vorbis')) return u32le(b, packet + 12);
  return null;
}

/** Matroska/WebM: the SamplingFrequency element (ID 0xB5), a big-endian float. */
function matroska(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let at = 4; at + 10 <= Math.min(b.length, 65_536); at++) {
    if (b[at] !== 0xb5 || (b[at + 1] !== 0x88 && b[at + 1] !== 0x84)) continue;
    const rate = b[at + 1] === 0x88 ? view.getFloat64(at + 2) : view.getFloat32(at + 2);
    if (Number.isInteger(rate) && rate >= 1000 && rate <= 768_000) return rate;
  }
  return null;
}

/** MP4/M4A: the audio sample entry ("mp4a"), whose rate is a 16.16 number 28 bytes in. */
function mp4(b: Uint8Array): number | null {
  for (let at = 4; at + 32 <= b.length; at++) {
    if (!ascii(b, at, 'mp4a')) continue;
    // The box's big-endian size comes first: a real sample entry is small, so a stray "mp4a" in
    // the audio data is passed over.
    const boxSize =
      ((b[at - 4]! << 24) | (b[at - 3]! << 16) | (b[at - 2]! << 8) | b[at - 1]!) >>> 0;
    const rate = (b[at + 28]! << 8) | b[at + 29]!;
    if (boxSize >= 36 && boxSize <= 4096 && rate >= 1000) return rate;
  }
  return null;
}

/** The recorded sample rate, in Hz, when the header says it; null for formats not read here. */
export function sourceSampleRate(bytes: Uint8Array): number | null {
  if (bytes.length < 32) return null;
  let rate: number | null;
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) rate = wav(bytes);
  else if (ascii(bytes, 0, 'fLaC')) rate = flac(bytes);
  else if (ascii(bytes, 0, 'OggS')) rate = ogg(bytes);
  // Without a stated rate the track is Opus, what browsers record into WebM: always 48 kHz.
  else if (u32le(bytes, 0) === 0xa3df451a) rate = matroska(bytes) ?? 48_000;
  else if (ascii(bytes, 4, 'ftyp')) rate = mp4(bytes);
  else rate = mpegFrames(bytes);
  return rate && rate >= 1000 && rate <= 768_000 ? rate : null;
}
