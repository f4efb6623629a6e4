import { ascii, dataView, id3v2Size } from './bytes';

export interface Mp3FrameHeader {
  version: 1 | 2 | 2.5;
  layer: 1 | 2 | 3;
  bitrateKbps: number;
  sampleRate: number;
  channels: 1 | 2;
  protected: boolean;
  frameBytes: number;
  samplesPerFrame: number;
}

// Bit rates (kbit/s) by bitrate index, for MPEG-1 layers I, II, III and MPEG-2/2.5 I, II/III.
const BITRATES = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const SAMPLE_RATES = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
};

/** Parses the 4-byte frame header at `offset`; null unless it is a valid, fixed-size frame. */
export function parseMp3Header(bytes: Uint8Array, offset: number): Mp3FrameHeader | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits === 0) return null; // reserved values
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const table =
    version === 1
      ? [BITRATES.v1l1, BITRATES.v1l2, BITRATES.v1l3][layer - 1]
      : layer === 1
        ? BITRATES.v2l1
        : BITRATES.v2l23;
  const bitrateKbps = table?.[b2 >> 4];
  const sampleRate = SAMPLE_RATES[version][(b2 >> 2) & 3];
  // Index 0 is "free format" (unknown frame size) and 15 is invalid: both unusable here.
  if (!bitrateKbps || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  const bitrate = bitrateKbps * 1000;
  let frameBytes: number;
  let samplesPerFrame: number;
  if (layer === 1) {
    frameBytes = (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
    samplesPerFrame = 384;
  } else if (layer === 2 || version === 1) {
    frameBytes = Math.floor((144 * bitrate) / sampleRate) + padding;
    samplesPerFrame = 1152;
  } else {
    frameBytes = Math.floor((72 * bitrate) / sampleRate) + padding;
    samplesPerFrame = 576;
  }
  const channels = b3 >> 6 === 3 ? 1 : 2;
  return {
    version,
    layer,
    bitrateKbps,
    sampleRate,
    channels,
    protected: (b1 & 1) === 0,
    frameBytes,
    samplesPerFrame,
  };
}

const sameStream = (a: Mp3FrameHeader, b: Mp3FrameHeader) =>
  a.version === b.version && a.layer === b.layer && a.sampleRate === b.sampleRate;

/** Frame count from a Xing/Info or VBRI header in the first frame, when the encoder wrote one. */
function vbrFrameCount(bytes: Uint8Array, offset: number, header: Mp3FrameHeader): number | null {
  const view = dataView(bytes);
  const sideInfo =
    header.version === 1 ? (header.channels === 1 ? 17 : 32) : header.channels === 1 ? 9 : 17;
  for (const xing of [offset + 4 + sideInfo, offset + 6 + sideInfo]) {
    const tag = ascii(bytes, xing, 4);
    if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= bytes.length) {
      const hasFrames = (view.getUint32(xing + 4) & 1) !== 0;
      const frames = hasFrames ? view.getUint32(xing + 8) : 0;
      return frames > 0 ? frames : null;
    }
  }
  const vbri = offset + 4 + 32;
  if (ascii(bytes, vbri, 4) === 'VBRI' && vbri + 18 <= bytes.length) {
    return view.getUint32(vbri + 14) || null;
  }
  return null;
}

export interface Mp3Stream {
  firstFrame: Mp3FrameHeader;
  frames: number;
  durationS: number;
}

/**
 * Finds an MPEG audio stream at the start of `bytes` (after an ID3v2 tag) and measures it:
 * from a Xing/Info/VBRI header, else by walking every frame. Two consecutive valid frames are
 * required, so text or other binaries are not mistaken for MP3.
 */
export function scanMp3(bytes: Uint8Array): Mp3Stream | null {
  const tagEnd = id3v2Size(bytes);
  // Some taggers pad after the tag; tolerate a little slack before the first frame.
  const searchEnd = tagEnd > 0 ? Math.min(bytes.length, tagEnd + 4096) : 1;
  for (let start = tagEnd; start < searchEnd; start++) {
    const first = parseMp3Header(bytes, start);
    if (!first) continue;
    const second = parseMp3Header(bytes, start + first.frameBytes);
    const endsHere = start + first.frameBytes === bytes.length;
    if (!endsHere && !(second && sameStream(first, second))) continue;

    const vbrFrames = vbrFrameCount(bytes, start, first);
    if (vbrFrames !== null) {
      return {
        firstFrame: first,
        frames: vbrFrames,
        durationS: (vbrFrames * first.samplesPerFrame) / first.sampleRate,
      };
    }
    let frames = 0;
    let samples = 0;
    let offset = start;
    for (let header = parseMp3Header(bytes, offset); header && sameStream(first, header);) {
      frames++;
      samples += header.samplesPerFrame;
      offset += header.frameBytes;
      header = parseMp3Header(bytes, offset);
    }
    // Walking stops at a trailer (ID3v1, APE) or damage; beyond that, estimate at the first
    // frame's bit rate unless what remains is only a small trailer.
    let durationS = samples / first.sampleRate;
    const remaining = bytes.length - offset;
    if (remaining > 4096) durationS += (remaining * 8) / (first.bitrateKbps * 1000);
    return { firstFrame: first, frames, durationS };
  }
  return null;
}
