import { identityNumbers } from '../../lib/identity-numbers';

/** A URL an <audio> element can load, and how to let it go. */
export interface PlayableSource {
  url: string;
  close(): void;
}

/**
 * A Blob gets an object URL, revoked on close. A string is made absolute: wavesurfer compares
 * it with the element's (absolute) `src` to see that the element already has this source,
 * and a relative one would make it swap the source mid-playback.
 */
export function openMediaSource(src: string | Blob): PlayableSource {
  if (typeof src === 'string') {
    return { url: new URL(src, document.baseURI).href, close: () => {} };
  }
  const url = URL.createObjectURL(src);
  return { url, close: () => URL.revokeObjectURL(url) };
}

const blobs = identityNumbers<Blob>();

/** A stable React key for a source: the same Blob object keeps its key, a new one gets a new key. */
export function sourceKey(src: string | Blob): string {
  if (typeof src === 'string') return `url:${src}`;
  return `blob:${blobs.numberOf(src)}`;
}
