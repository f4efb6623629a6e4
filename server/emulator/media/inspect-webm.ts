import { ascii, dataView, hasBytes } from './bytes';
import type { MediaInfo } from './media-info';

// Matroska element ids (marker bits kept, as written in the spec).
const ID = {
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  audio: 0xe1,
  samplingFrequency: 0xb5,
  channels: 0x9f,
  cluster: 0x1f43b675,
} as const;
const MASTERS = new Set<number>([
  ID.segment,
  ID.info,
  ID.tracks,
  ID.trackEntry,
  ID.video,
  ID.audio,
]);

/** A variable-length integer: the leading zero bits give its length. */
function readVint(bytes: Uint8Array, offset: number, keepMarker: boolean) {
  const first = bytes[offset] ?? 0;
  if (first === 0) return null;
  const length = Math.clz32(first) - 23; // 1..8
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[offset + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  // An all-ones size means "unknown" (live streams): the element runs to its parent's end.
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Found {
  docType?: string;
  timecodeScale: number;
  duration?: number;
  tracks: Array<{
    type?: number;
    width?: number;
    height?: number;
    rate?: number;
    channels?: number;
  }>;
}

function readNumber(bytes: Uint8Array, start: number, size: number, float: boolean): number {
  const view = dataView(bytes);
  if (float) return size === 4 ? view.getFloat32(start) : size === 8 ? view.getFloat64(start) : 0;
  let value = 0;
  for (let i = 0; i < size; i++) value = value * 256 + (bytes[start + i] ?? 0);
  return value;
}

/** Walks header elements until the first cluster, where the media data (and nothing we need) starts. */
function walk(bytes: Uint8Array, start: number, end: number, found: Found): boolean {
  let offset = start;
  while (offset < end) {
    const id = readVint(bytes, offset, true);
    const size = id && readVint(bytes, offset + id.length, false);
    if (!id || !size) return false;
    const body = offset + id.length + size.length;
    const bodyEnd = size.unknown ? end : Math.min(end, body + size.value);
    const track = found.tracks.at(-1);
    switch (id.value) {
      case ID.cluster:
        return true;
      case ID.docType:
        found.docType = ascii(bytes, body, bodyEnd - body).replace(/\0+$/, '');
        break;
      case ID.timecodeScale:
        found.timecodeScale = readNumber(bytes, body, bodyEnd - body, false);
        break;
      case ID.duration:
        found.duration = readNumber(bytes, body, bodyEnd - body, true);
        break;
      case ID.trackEntry:
        found.tracks.push({});
        break;
      case ID.trackType:
        if (track) track.type = readNumber(bytes, body, bodyEnd - body, false);
        break;
      case ID.pixelWidth:
        if (track) track.width = readNumber(bytes, body, bodyEnd - body, false);
        break;
      case ID.pixelHeight:
        if (track) track.height = readNumber(bytes, body, bodyEnd - body, false);
        break;
      case ID.samplingFrequency:
        if (track) track.rate = readNumber(bytes, body, bodyEnd - body, true);
        break;
      case ID.channels:
        if (track) track.channels = readNumber(bytes, body, bodyEnd - body, false);
        break;
    }
    if (MASTERS.has(id.value) && walk(bytes, body, bodyEnd, found)) return true;
    offset = bodyEnd;
  }
  return false;
}

/** WebM / Matroska, from the EBML header and the segment's Info and Tracks. */
export function inspectWebm(bytes: Uint8Array): MediaInfo | null {
  if (!hasBytes(bytes, 0, [0x1a, 0x45, 0xdf, 0xa3])) return null;
  const found: Found = { timecodeScale: 1_000_000, tracks: [] };
  // The EBML header is itself a master element holding DocType.
  const header = readVint(bytes, 4, false);
  if (header) walk(bytes, 4 + header.length, 4 + header.length + header.value, found);
  walk(bytes, 4 + (header?.length ?? 0) + (header?.value ?? 0), bytes.length, found);

  const isWebm = found.docType !== 'matroska';
  const video = found.tracks.find((track) => track.type === 1);
  const audio = found.tracks.find((track) => track.type === 2);
  // With no readable track list, assume video: it is what WebM usually carries.
  const kind = !video && audio ? 'audio' : 'video';
  const info: MediaInfo = {
    kind,
    format: isWebm ? 'webm' : 'mkv',
    contentType: `${kind}/${isWebm ? 'webm' : 'x-matroska'}`,
  };
  if (found.duration) info.durationS = (found.duration * found.timecodeScale) / 1e9;
  if (video?.width && video.height)
    Object.assign(info, { width: video.width, height: video.height });
  if (audio?.rate)
    Object.assign(info, { sampleRate: Math.round(audio.rate), channels: audio.channels ?? 1 });
  return info;
}
