import { ascii, dataView } from './bytes';
import type { MediaInfo } from './media-info';
import { boxes, child, type Box } from './mp4-boxes';

/** Duration (in its timescale) of mvhd / mdhd / mehd-style full boxes, by version. */
function readTimed(bytes: Uint8Array, box: Box, timescaleAt: [number, number]) {
  const view = dataView(bytes);
  const version = bytes[box.start] ?? 0;
  const at = box.start + (version === 1 ? timescaleAt[1] : timescaleAt[0]);
  if (at + (version === 1 ? 12 : 8) > box.end) return null;
  const timescale = view.getUint32(at);
  const duration = version === 1 ? Number(view.getBigUint64(at + 4)) : view.getUint32(at + 4);
  return timescale > 0 ? duration / timescale : null;
}

interface Track {
  handler: string;
  width: number;
  height: number;
  durationS: number | null;
  sampleRate?: number;
  channels?: number;
}

function readTrack(bytes: Uint8Array, trak: Box): Track {
  const view = dataView(bytes);
  const track: Track = { handler: '', width: 0, height: 0, durationS: null };
  const tkhd = child(bytes, trak, 'tkhd');
  if (tkhd) {
    // Width and height (16.16 fixed point) close the box, after the matrix.
    const at = tkhd.start + ((bytes[tkhd.start] ?? 0) === 1 ? 88 : 76);
    if (at + 8 <= tkhd.end) {
      track.width = view.getUint32(at) >>> 16;
      track.height = view.getUint32(at + 4) >>> 16;
    }
  }
  const mdia = child(bytes, trak, 'mdia');
  if (!mdia) return track;
  const hdlr = child(bytes, mdia, 'hdlr');
  if (hdlr) track.handler = ascii(bytes, hdlr.start + 8, 4);
  const mdhd = child(bytes, mdia, 'mdhd');
  if (mdhd) track.durationS = readTimed(bytes, mdhd, [12, 20]);
  const minf = child(bytes, mdia, 'minf');
  const stbl = minf && child(bytes, minf, 'stbl');
  const stsd = stbl && child(bytes, stbl, 'stsd');
  if (track.handler === 'soun' && stsd && stsd.start + 8 + 36 <= stsd.end) {
    // First sample entry: 8-byte box header, then AudioSampleEntry fields.
    const entry = stsd.start + 8 + 8;
    track.channels = view.getUint16(entry + 16);
    track.sampleRate = view.getUint16(entry + 24);
  }
  return track;
}

const IMAGE_BRANDS: Record<string, string> = {
  avif: 'avif',
  avis: 'avif',
  heic: 'heic',
  heix: 'heic',
  mif1: 'heic',
};
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ']);
const LEADING_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot']);

/** HEIF/AVIF still images keep their size in meta/iprp/ipco/ispe. */
function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const root: Box = { type: '', start: 0, end: bytes.length };
  const meta = child(bytes, root, 'meta');
  const metaChildren = meta && { ...meta, start: meta.start + 4 }; // meta is a full box
  const iprp = metaChildren && child(bytes, metaChildren, 'iprp');
  const ipco = iprp && child(bytes, iprp, 'ipco');
  const ispe = ipco && child(bytes, ipco, 'ispe');
  if (!ispe || ispe.start + 12 > ispe.end) return null;
  const view = dataView(bytes);
  return { width: view.getUint32(ispe.start + 4), height: view.getUint32(ispe.start + 8) };
}

/** ISO base media files: MP4, M4A, MOV, 3GP, HEIF/AVIF. */
export function inspectMp4(bytes: Uint8Array): MediaInfo | null {
  const firstType = ascii(bytes, 4, 4);
  if (bytes.length < 16 || !LEADING_BOXES.has(firstType)) return null;
  const root: Box = { type: '', start: 0, end: bytes.length };
  const brand = firstType === 'ftyp' ? ascii(bytes, 8, 4) : '';
  const imageFormat = IMAGE_BRANDS[brand];
  if (imageFormat)
    return {
      kind: 'image',
      format: imageFormat,
      contentType: `image/${imageFormat}`,
      ...imageSize(bytes),
    };

  const moov = child(bytes, root, 'moov');
  // Without ftyp, only a movie box makes this a QuickTime file rather than chance bytes.
  if (!moov && firstType !== 'ftyp') return null;
  const tracks = moov
    ? [...boxes(bytes, moov.start, moov.end)].filter((box) => box.type === 'trak')
    : [];
  const parsed = tracks.map((trak) => readTrack(bytes, trak));
  const video = parsed.find((track) => track.handler === 'vide');
  const audio = parsed.find((track) => track.handler === 'soun');
  const mvhd = moov && child(bytes, moov, 'mvhd');
  const mvex = moov && child(bytes, moov, 'mvex');
  const mehd = mvex && child(bytes, mvex, 'mehd');
  const movieDuration = mvhd ? readTimed(bytes, mvhd, [12, 20]) : null;
  // Fragmented files leave mvhd's duration at 0 and may give it in mvex/mehd instead.
  const durationS =
    movieDuration ||
    (mehd && mvhd ? fragmentDuration(bytes, mehd, mvhd) : null) ||
    Math.max(0, ...parsed.map((track) => track.durationS ?? 0)) ||
    undefined;

  const isQuickTime = brand === 'qt  ' || firstType !== 'ftyp';
  const isAudio = video ? false : audio !== undefined || AUDIO_BRANDS.has(brand);
  const info: MediaInfo = isAudio
    ? { kind: 'audio', format: 'm4a', contentType: 'audio/mp4' }
    : {
        kind: 'video',
        format: isQuickTime ? 'mov' : 'mp4',
        contentType: isQuickTime ? 'video/quicktime' : 'video/mp4',
      };
  if (durationS !== undefined) info.durationS = durationS;
  if (video?.width && video.height)
    Object.assign(info, { width: video.width, height: video.height });
  if (audio?.sampleRate)
    Object.assign(info, { sampleRate: audio.sampleRate, channels: audio.channels });
  return info;
}

function fragmentDuration(bytes: Uint8Array, mehd: Box, mvhd: Box): number | null {
  const view = dataView(bytes);
  const version = bytes[mvhd.start] ?? 0;
  const timescale = view.getUint32(mvhd.start + (version === 1 ? 20 : 12));
  const long = (bytes[mehd.start] ?? 0) === 1;
  if (mehd.start + (long ? 12 : 8) > mehd.end || timescale === 0) return null;
  const duration = long
    ? Number(view.getBigUint64(mehd.start + 4))
    : view.getUint32(mehd.start + 4);
  return duration / timescale;
}
