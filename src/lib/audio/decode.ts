import { sourceSampleRate } from './source-rate';

export interface DecodedAudio {
  /** One array per channel, owned by the caller (free to transfer to a worker). */
  channels: Float32Array[];
  sampleRate: number;
}

/** Web Audio's limits on a context's rate; a header outside them is not trusted. */
const minRate = 3000;
const maxRate = 768_000;
const fallbackRate = 44_100;
/** A decoder that has not finished in this long on a long file has stalled. */
const decodeTimeoutMs = 30_000;

/**
 * Decodes an audio file with Web Audio on the main thread (decodeAudioData itself works off the
 * main thread). An OfflineAudioContext opens no audio device and is not held back by autoplay
 * rules. It decodes at the file's own rate where the header states it, so the report gives the
 * real rate and the samples are the recorded ones, not a resampled copy.
 */
export async function decodeAudio(blob: Blob): Promise<DecodedAudio> {
  const buffer = await decodeBuffer(blob);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => {
    // A copy: the AudioBuffer's own arrays cannot be handed to a worker.
    const copy = new Float32Array(buffer.length);
    buffer.copyFromChannel(copy, i);
    return copy;
  });
  return { channels, sampleRate: buffer.sampleRate };
}

/**
 * A file's length in seconds, decoded in full (which proves the browser reads all of it) but
 * with no copy of its samples: a long stereo file is hundreds of MB once decoded, and a copy
 * would double that only to count frames.
 */
export async function decodeDuration(blob: Blob): Promise<number> {
  const buffer = await decodeBuffer(blob);
  return buffer.length / buffer.sampleRate;
}

async function decodeBuffer(blob: Blob): Promise<AudioBuffer> {
  if (typeof OfflineAudioContext === 'undefined')
    throw new Error('This browser cannot decode audio (no Web Audio)');
  const bytes = await blob.arrayBuffer();
  const stated = sourceSampleRate(new Uint8Array(bytes));
  const rate = stated && stated >= minRate && stated <= maxRate ? stated : fallbackRate;
  const context = offlineContext(rate);
  return withTimeout(
    context.decodeAudioData(bytes).catch((error: unknown) => {
      const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
      throw new Error(`Could not decode the audio (not a format this browser reads${detail})`, {
        cause: error,
      });
    }),
    decodeTimeoutMs,
    'Decoding the audio took too long',
  );
}

/** A context at `rate`, or at 44.1 kHz in a browser that supports fewer rates than the spec. */
function offlineContext(rate: number): OfflineAudioContext {
  try {
    return new OfflineAudioContext(1, 1, rate);
  } catch {
    return new OfflineAudioContext(1, 1, fallbackRate);
  }
}

/** The promise, or a rejection with `message` after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
