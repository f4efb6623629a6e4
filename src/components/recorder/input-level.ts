/** One reading of the microphone: the loudest sample of the last `windowMs`. */
export interface LevelReading {
  /** 0 to 1 (full scale). */
  peak: number;
  /** A sample reached `clipLevel`: the signal was (or is about to be) cut off. */
  clipped: boolean;
}

/** Readings per second: enough for a meter's eye, few enough re-renders. */
export const windowMs = 100;
/**
 * 0.99 rather than 1: the browser's float samples rarely land exactly on 1 after the
 * converter's filters, and a peak this close to full scale already distorts on many interfaces.
 */
export const clipLevel = 0.99;
/** 2048 samples at 48 kHz span 43 ms: more than a frame at 60 fps, so no sample goes unseen. */
const fftSize = 2048;

/**
 * Reads the stream's level in the browser's audio graph (an AnalyserNode; nothing is played)
 * every animation frame, and reports the loudest sample of each window. Returns the stop.
 */
export function watchInputLevel(
  stream: MediaStream,
  onReading: (reading: LevelReading) => void,
): () => void {
  const context = new AudioContext();
  // Opened from a click, so the browser lets it run; resume() covers one that starts suspended.
  void context.resume().catch(() => {});
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = fftSize;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let peak = 0;
  let windowStart = performance.now();
  let frame = 0;

  const read = (now: number) => {
    analyser.getFloatTimeDomainData(samples);
    for (const sample of samples) {
      const size = Math.abs(sample);
      if (size > peak) peak = size;
    }
    if (now - windowStart >= windowMs) {
      onReading({ peak, clipped: peak >= clipLevel });
      peak = 0;
      windowStart = now;
    }
    frame = requestAnimationFrame(read);
  };
  frame = requestAnimationFrame(read);

  return () => {
    cancelAnimationFrame(frame);
    source.disconnect();
    void context.close().catch(() => {});
  };
}

/** Full-scale peak in dBFS; -Infinity for digital silence. */
export function peakDbfs(peak: number): number {
  return peak > 0 ? 20 * Math.log10(peak) : Number.NEGATIVE_INFINITY;
}
