import { analyseClip } from '../src/lib/audio/analyse-clip';
import { concat, mix, noise, sine } from '../src/lib/audio/test-signals';
import { proposeTrim } from '../src/lib/audio/trim-silence';
import { encodeWav } from '../src/lib/audio/wav';
import { median, round } from './support/browser';
import type { BenchContext, BenchResult } from './types';

/**
 * The voice clip checks (src/lib/audio) on the longest clip a voice accepts, 30 s of 48 kHz
 * stereo: what the analysis worker does for each clip, what "Trim silence" does, and what Apply
 * does to the samples. Run in Node, on the same V8 as Chromium's worker; the reference is one
 * plain pass over the same samples (the sum of squares any level reading needs), run side by
 * side, so the ratio says how much work the checks add, whatever the machine's speed.
 */
const sampleRate = 48_000;
const seconds = 30;
const runs = 15;

/** Sentence-like: 1.6 s of voiced sound over room noise, then 0.4 s of the room alone. */
function speechLike(seed: number): Float32Array {
  const parts: Float32Array[] = [];
  for (let i = 0; i < seconds / 2; i++) {
    const voiced = mix(
      sine(1.6, sampleRate, { hz: 140 + ((i * 37) % 90), rmsDbfs: -20 }),
      noise(1.6, sampleRate, -55, seed + i),
    );
    parts.push(voiced, noise(0.4, sampleRate, -55, seed + 100 + i));
  }
  return concat(...parts);
}

/** The least any level reading does: one multiply-add per sample. */
function sumOfSquares(channels: readonly Float32Array[]): number {
  let sum = 0;
  for (const channel of channels) for (let i = 0; i < channel.length; i++) sum += channel[i]! ** 2;
  return sum;
}

function timed(task: () => unknown): number {
  const start = performance.now();
  task();
  return performance.now() - start;
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const count = ctx.quick ? 3 : runs;
  const channels = [speechLike(1), speechLike(7)];
  ctx.log(`${seconds} s of ${sampleRate / 1000} kHz stereo, ${count} runs each, interleaved`);
  // Warm-up: the first calls of each compile them.
  for (let i = 0; i < 2; i++) {
    analyseClip(channels, sampleRate);
    proposeTrim(channels, sampleRate);
    encodeWav(channels, sampleRate);
    sumOfSquares(channels);
  }
  const times = {
    reference: [] as number[],
    analysis: [] as number[],
    trim: [] as number[],
    encode: [] as number[],
  };
  for (let i = 0; i < count; i++) {
    times.reference.push(timed(() => sumOfSquares(channels)));
    times.analysis.push(timed(() => analyseClip(channels, sampleRate)));
    times.trim.push(timed(() => proposeTrim(channels, sampleRate)));
    times.encode.push(timed(() => encodeWav(channels, sampleRate)));
  }
  const m = {
    referenceMs: median(times.reference),
    analysisMs: median(times.analysis),
    trimMs: median(times.trim),
    encodeMs: median(times.encode),
  };
  const ratio = m.analysisMs / m.referenceMs;
  const msText = (value: number) => `${round(value, 1)} ms`;
  ctx.log(
    `reference ${msText(m.referenceMs)}, analysis ${msText(m.analysisMs)} (${round(ratio, 1)}×), trim proposal ${msText(m.trimMs)}, WAV encode ${msText(m.encodeMs)}`,
  );
  return {
    summary: [
      {
        label: `One plain pass over ${seconds} s of 48 kHz stereo (reference), median`,
        value: msText(m.referenceMs),
      },
      {
        label: 'Clip analysis (loudness, peak, clipping, noise floor, SNR, silence), median',
        value: `${msText(m.analysisMs)} = ${round(ratio, 1)}× the reference`,
      },
      { label: '"Trim silence" proposal, median', value: msText(m.trimMs) },
      {
        label: 'WAV encode of the whole clip (what Apply does), median',
        value: msText(m.encodeMs),
      },
    ],
    data: { sampleRate, seconds, channels: 2, runs: count, ...m, ratio, times },
  };
}
