/*
 * Generated signals with known levels, for the analysis tests. Amplitudes are linear (1 is full
 * scale); levels are given as RMS in dBFS so a test reads like its expected answer.
 */

export const fromDb = (db: number) => 10 ** (db / 20);

/** A sine whose RMS is `rmsDbfs` (its peak is √2 higher). */
export function sine(
  seconds: number,
  sampleRate: number,
  { hz = 1000, rmsDbfs = -20 }: { hz?: number; rmsDbfs?: number } = {},
): Float32Array {
  const amplitude = fromDb(rmsDbfs) * Math.SQRT2;
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
  return out;
}

/** A square wave swinging between -amplitude and +amplitude. */
export function square(seconds: number, sampleRate: number, hz = 100, amplitude = 1) {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const half = sampleRate / hz / 2;
  for (let i = 0; i < out.length; i++)
    out[i] = Math.floor(i / half) % 2 === 0 ? amplitude : -amplitude;
  return out;
}

/**
 * Seeded white noise (uniform, so its RMS is amplitude / √3) at `rmsDbfs`: the same samples on
 * every run, so a test can never flake on an unlucky draw.
 */
export function noise(seconds: number, sampleRate: number, rmsDbfs: number, seed = 1) {
  const amplitude = fromDb(rmsDbfs) * Math.sqrt(3);
  const out = new Float32Array(Math.round(seconds * sampleRate));
  let state = seed >>> 0 || 1;
  for (let i = 0; i < out.length; i++) {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = amplitude * (((state >>> 0) / 0x1_0000_0000) * 2 - 1);
  }
  return out;
}

/** Pieces one after another. */
export function concat(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Sample-by-sample sum of two equally long signals. */
export function mix(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((x, i) => x + (b[i] ?? 0));
}

export const silence = (seconds: number, sampleRate: number) =>
  new Float32Array(Math.round(seconds * sampleRate));
