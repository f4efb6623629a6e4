import { decodeDuration } from '../../lib/audio/decode';

/**
 * An audio file's length, decoded in full with Web Audio: it also proves the browser can read
 * the whole file, which a header alone would not.
 */
export function measureAudioLength(blob: Blob): Promise<number> {
  return decodeDuration(blob);
}

const videoTimeoutMs = 15_000;

/** A video's length from a <video> element's metadata: only the header is read. */
export function measureVideoDuration(blob: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(blob);
    const timer = setTimeout(
      () => finish(() => reject(new Error('Timed out reading the video’s metadata'))),
      videoTimeoutMs,
    );
    const onMetadata = () => {
      // Read before finish(): releasing the element resets its duration to NaN.
      const duration = video.duration;
      finish(() =>
        Number.isFinite(duration)
          ? resolve(duration)
          : reject(new Error('The video does not state its length')),
      );
    };
    const onError = () =>
      finish(() =>
        reject(new Error(`Could not read the video (${video.error?.message || 'unsupported'})`)),
      );
    video.addEventListener('loadedmetadata', onMetadata);
    video.addEventListener('error', onError);
    video.preload = 'metadata';
    video.muted = true;
    video.src = url;

    function finish(settle: () => void) {
      clearTimeout(timer);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      settle();
    }
  });
}

/** First bytes of a file: enough to tell its format (see sniffFormat). */
export async function headBytes(blob: Blob, length = 16): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, length).arrayBuffer());
}
