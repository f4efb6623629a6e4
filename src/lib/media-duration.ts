import { decodeDuration, withTimeout } from './audio/decode';

const defaultTimeoutMs = 15_000;

/**
 * The length of an audio clip in seconds, read from an <audio> element's metadata: cheap, and
 * it works for cross-origin URLs that fetch() could not read. When the element cannot read a
 * Blob (an error, or no answer in time), its bytes are decoded with Web Audio instead.
 * Each attempt gives up after `timeoutMs`.
 */
export async function measureAudioDuration(
  src: Blob | string,
  { timeoutMs = defaultTimeoutMs }: { timeoutMs?: number } = {},
): Promise<number> {
  try {
    return await fromMediaElement(src, timeoutMs);
  } catch (error) {
    if (!(src instanceof Blob)) throw error;
    // If decoding fails too, the element's error is the clearer explanation.
    return withTimeout(decodeDuration(src), timeoutMs, timeoutMessage(timeoutMs)).catch(() =>
      Promise.reject(error),
    );
  }
}

function fromMediaElement(src: Blob | string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const audio = document.createElement('audio');
    const url = typeof src === 'string' ? src : URL.createObjectURL(src);
    const timer = setTimeout(
      () => finish(() => reject(new Error(timeoutMessage(timeoutMs)))),
      timeoutMs,
    );
    const onMetadata = () => {
      const duration = audio.duration;
      if (Number.isFinite(duration)) {
        finish(() => resolve(duration));
      } else if (duration === Infinity) {
        // Recorded WebM reports Infinity until the end is known; seeking far past it makes the
        // browser work the length out and fire durationchange again.
        audio.currentTime = Number.MAX_SAFE_INTEGER;
      }
      // NaN: no metadata yet (an early durationchange); keep waiting.
    };
    const onError = () =>
      finish(() =>
        reject(
          new Error(
            `Could not read the audio (${audio.error?.message || 'unsupported or unreachable'})`,
          ),
        ),
      );
    audio.addEventListener('loadedmetadata', onMetadata);
    audio.addEventListener('durationchange', onMetadata);
    audio.addEventListener('error', onError);
    audio.preload = 'metadata';
    audio.src = url;

    function finish(settle: () => void) {
      clearTimeout(timer);
      audio.removeEventListener('loadedmetadata', onMetadata);
      audio.removeEventListener('durationchange', onMetadata);
      audio.removeEventListener('error', onError);
      // Drops the source so the browser stops downloading once we have what we need.
      audio.removeAttribute('src');
      if (url !== src) URL.revokeObjectURL(url);
      settle();
    }
  });
}

function timeoutMessage(timeoutMs: number): string {
  return `Timed out after ${Math.round(timeoutMs / 1000)} s reading the audio's duration`;
}
