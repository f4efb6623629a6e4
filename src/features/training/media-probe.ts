import { analyseSamples, type AudioLevels } from './audio-analysis';

export interface AudioProbe {
  durationS: number;
  levels: AudioLevels;
}

/**
 * Decodes audio bytes with Web Audio and measures them. An OfflineAudioContext decodes like an
 * AudioContext but opens no audio device and is not held back by autoplay rules.
 */
export async function probeAudio(bytes: ArrayBuffer): Promise<AudioProbe> {
  const context = new OfflineAudioContext(1, 1, 44_100);
  const buffer = await context.decodeAudioData(bytes);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) =>
    buffer.getChannelData(i),
  );
  return { durationS: buffer.duration, levels: analyseSamples(channels) };
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
