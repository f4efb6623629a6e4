import { inspectAdts, inspectFlac, inspectMp3, inspectOgg, inspectWav } from './inspect-audio';
import { inspectImage } from './inspect-image';
import { inspectMp4 } from './inspect-mp4';
import { inspectWebm } from './inspect-webm';
import type { MediaInfo } from './media-info';

export type { MediaInfo } from './media-info';

// Each sniffer checks its own magic bytes first and returns null at once when they do not
// match. MPEG audio goes last: its sync word is the weakest signature.
const SNIFFERS = [
  inspectImage,
  inspectWav,
  inspectMp4,
  inspectOgg,
  inspectFlac,
  inspectWebm,
  inspectMp3,
  inspectAdts,
];

/**
 * What kind of media `bytes` hold, judged only by content. Null for anything else (text,
 * HTML, archives, unknown binaries). Durations are in seconds.
 */
export function inspectMedia(bytes: Uint8Array): MediaInfo | null {
  for (const sniff of SNIFFERS) {
    try {
      const info = sniff(bytes);
      if (info) return info;
    } catch {
      // A truncated or corrupt file can send a reader out of bounds: treat it as not this type.
    }
  }
  return null;
}
