import { analyseClip } from './analyse-clip';
import type { AnalysisRequest, AnalysisResponse } from './analysis-messages';
import type { ClipReport } from './clip-report';
import { decodeAudio, withTimeout, type DecodedAudio } from './decode';
import { trimmedWavFile } from './wav';

/** Measuring takes well under a second; a worker silent for this long has failed. */
const measureTimeoutMs = 15_000;

export interface AudioTools {
  /** Decodes a file; Web Audio's decodeAudio unless another decoder is given. */
  decode?: (blob: Blob) => Promise<DecodedAudio>;
}

/** The worker could not run at all: its script failed to load, or the browser refused it. */
class WorkerUnavailable extends Error {}

/** Measures decoded audio in a module worker, so a long clip never stalls the page. */
function measureInWorker({ channels, sampleRate }: DecodedAudio): Promise<ClipReport> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
  } catch (error) {
    return Promise.reject(new WorkerUnavailable(String(error)));
  }
  const measured = new Promise<ClipReport>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<AnalysisResponse>) =>
      'report' in data
        ? resolve(data.report)
        : reject(new Error(`Could not measure the audio: ${data.error}`));
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new WorkerUnavailable(event.message || 'the worker failed'));
    };
    const request: AnalysisRequest = { channels, sampleRate };
    // Transferred: a 30 s stereo clip is 11 MB that need not be copied.
    worker.postMessage(
      request,
      channels.map((c) => c.buffer),
    );
  });
  return withTimeout(measured, measureTimeoutMs, 'Measuring the audio took too long').finally(() =>
    worker.terminate(),
  );
}

/**
 * A clip's report: decoded on the main thread (Web Audio is not available in workers), measured
 * in a worker, or on the main thread where there are no workers or the worker cannot start.
 */
export async function analyseAudio(blob: Blob, tools: AudioTools = {}): Promise<ClipReport> {
  const decode = tools.decode ?? decodeAudio;
  const decoded = await decode(blob);
  if (typeof Worker === 'undefined') return analyseClip(decoded.channels, decoded.sampleRate);
  try {
    return await measureInWorker(decoded);
  } catch (error) {
    if (!(error instanceof WorkerUnavailable)) throw error;
    // A tab open across a deploy may ask for a worker script that is gone. Measuring here is
    // slower but still right; the first decode's arrays went to the worker, so decode again.
    const again = await decode(blob);
    return analyseClip(again.channels, again.sampleRate);
  }
}

/**
 * The part of a clip between startS and endS, decoded and re-encoded as a 16-bit WAV File named
 * after the original (its extension made ".wav"). Where the samples are at hand already,
 * trimmedWavFile cuts them without decoding again.
 */
export async function trimAudio(
  blob: Blob,
  startS: number,
  endS: number,
  name: string,
  tools: AudioTools = {},
): Promise<File> {
  const { channels, sampleRate } = await (tools.decode ?? decodeAudio)(blob);
  return trimmedWavFile(channels, sampleRate, startS, endS, name);
}
