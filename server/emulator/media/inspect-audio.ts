import { dataView, hasBytes, id3v2Size } from './bytes';
import type { MediaInfo } from './media-info';
import { scanMp3 } from './mp3';
import { readWavFormat } from './wav';

export function inspectWav(bytes: Uint8Array): MediaInfo | null {
  const format = readWavFormat(bytes);
  if (!format) return null;
  const byteRate = format.blockAlign || (format.channels * format.bitsPerSample) / 8;
  const info: MediaInfo = { kind: 'audio', format: 'wav', contentType: 'audio/wav' };
  if (format.sampleRate > 0 && byteRate > 0) {
    info.durationS = format.dataBytes / byteRate / format.sampleRate;
  }
  return { ...info, sampleRate: format.sampleRate, channels: format.channels };
}

/** FLAC, possibly behind an ID3v2 tag: everything needed is in STREAMINFO. */
export function inspectFlac(bytes: Uint8Array): MediaInfo | null {
  const start = id3v2Size(bytes);
  if (!hasBytes(bytes, start, 'fLaC') || ((bytes[start + 4] ?? 0) & 0x7f) !== 0) return null;
  const info = start + 8; // after the marker and the metadata block header
  if (info + 18 > bytes.length) return { kind: 'audio', format: 'flac', contentType: 'audio/flac' };
  const b = (i: number) => bytes[info + i] ?? 0;
  const sampleRate = (b(10) << 12) | (b(11) << 4) | (b(12) >> 4);
  const channels = ((b(12) >> 1) & 7) + 1;
  const totalSamples = (b(13) & 0x0f) * 2 ** 32 + dataView(bytes).getUint32(info + 14);
  return {
    kind: 'audio',
    format: 'flac',
    contentType: 'audio/flac',
    sampleRate,
    channels,
    ...(sampleRate > 0 && totalSamples > 0 ? { durationS: totalSamples / sampleRate } : {}),
  };
}

/** MP3 (MPEG-1/2/2.5 layer I-III). */
export function inspectMp3(bytes: Uint8Array): MediaInfo | null {
  const stream = scanMp3(bytes);
  if (!stream) return null;
  const { firstFrame, durationS } = stream;
  const format = firstFrame.layer === 3 ? 'mp3' : firstFrame.layer === 2 ? 'mp2' : 'mp1';
  return {
    kind: 'audio',
    format,
    contentType: 'audio/mpeg',
    durationS,
    sampleRate: firstFrame.sampleRate,
    channels: firstFrame.channels,
  };
}

const ADTS_RATES = [
  96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350,
];

/** Raw AAC in ADTS frames (.aac): 1024 samples per raw data block. */
export function inspectAdts(bytes: Uint8Array): MediaInfo | null {
  const start = id3v2Size(bytes);
  let offset = start;
  let samples = 0;
  let sampleRate = 0;
  let channels = 0;
  let frames = 0;
  while (offset + 7 <= bytes.length) {
    const b = (i: number) => bytes[offset + i] ?? 0;
    if (b(0) !== 0xff || (b(1) & 0xf6) !== 0xf0) break; // sync word and layer 0
    const rate = ADTS_RATES[(b(2) >> 2) & 0x0f];
    const length = ((b(3) & 3) << 11) | (b(4) << 3) | (b(5) >> 5);
    if (!rate || length < 7) break;
    sampleRate ||= rate;
    channels ||= ((b(2) & 1) << 2) | (b(3) >> 6);
    samples += ((b(6) & 3) + 1) * 1024;
    frames++;
    offset += length;
  }
  // As for MP3, one frame alone is not proof unless it is the whole file.
  if (frames === 0 || (frames === 1 && offset < bytes.length)) return null;
  return {
    kind: 'audio',
    format: 'aac',
    contentType: 'audio/aac',
    durationS: samples / sampleRate,
    sampleRate,
    channels,
  };
}

/** Granule position of the last page of the stream `serial`, scanning back from the end. */
function lastGranule(bytes: Uint8Array, serial: number): bigint | null {
  const view = dataView(bytes);
  for (let offset = bytes.length - 27; offset >= 0; offset--) {
    if (bytes[offset] !== 0x4f || !hasBytes(bytes, offset, 'OggS')) continue;
    const granule = view.getBigUint64(offset + 6, true);
    if (view.getUint32(offset + 14, true) === serial && granule !== 0xffffffffffffffffn)
      return granule;
  }
  return null;
}

/** Ogg: Vorbis and Opus audio are measured; Theora is reported as video. */
export function inspectOgg(bytes: Uint8Array): MediaInfo | null {
  if (!hasBytes(bytes, 0, 'OggS') || bytes.length < 28) return null;
  const view = dataView(bytes);
  const serial = view.getUint32(14, true);
  const packet = 27 + (bytes[26] ?? 0); // after the segment table
  const granule = lastGranule(bytes, serial);
  if (hasBytes(bytes, packet, '\x01vorbis') && packet + 16 <= bytes.length) {
    const sampleRate = view.getUint32(packet + 12, true);
    const info: MediaInfo = {
      kind: 'audio',
      format: 'ogg',
      contentType: 'audio/ogg',
      sampleRate,
      channels: bytes[packet + 11] ?? 0,
    };
    return granule !== null && sampleRate > 0
      ? { ...info, durationS: Number(granule) / sampleRate }
      : info;
  }
  if (hasBytes(bytes, packet, 'OpusHead') && packet + 16 <= bytes.length) {
    // Opus always runs at 48 kHz; the header's rate is only the original input's.
    const preSkip = view.getUint16(packet + 10, true);
    const info: MediaInfo = {
      kind: 'audio',
      format: 'opus',
      contentType: 'audio/ogg',
      sampleRate: 48000,
      channels: bytes[packet + 9] ?? 0,
    };
    return granule !== null
      ? { ...info, durationS: Math.max(0, Number(granule) - preSkip) / 48000 }
      : info;
  }
  if (hasBytes(bytes, packet, '\x80theora'))
    return { kind: 'video', format: 'ogv', contentType: 'video/ogg' };
  return { kind: 'audio', format: 'ogg', contentType: 'audio/ogg' };
}
