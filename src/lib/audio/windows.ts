import { measuring } from './clip-thresholds';

/** Level in dB of a mean square (power); -Infinity for silence. */
export const powerToDb = (meanSquare: number) =>
  meanSquare > 0 ? 10 * Math.log10(meanSquare) : -Infinity;

/** Level in dB of an amplitude; -Infinity for silence. */
export const amplitudeToDb = (amplitude: number) =>
  amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;

/** Samples per level window at this rate. */
export const windowLength = (sampleRate: number) =>
  Math.max(1, Math.round(measuring.windowS * sampleRate));

/**
 * Mean square of each 50 ms window, over all channels. A last part shorter than half a window
 * joins the window before it, rather than standing as a window too short to say much.
 */
export function windowPowers(channels: readonly Float32Array[], sampleRate: number): Float64Array {
  const length = channels[0]?.length ?? 0;
  if (length === 0) return new Float64Array(0);
  const size = windowLength(sampleRate);
  const count = Math.max(1, Math.floor(length / size) + (length % size >= size / 2 ? 1 : 0));
  const powers = new Float64Array(count);
  for (const samples of channels) {
    for (let w = 0; w < count; w++) {
      const end = w === count - 1 ? length : (w + 1) * size;
      let sum = 0;
      for (let i = w * size; i < end; i++) sum += samples[i]! * samples[i]!;
      powers[w]! += sum / (end - w * size);
    }
  }
  for (let w = 0; w < count; w++) powers[w]! /= channels.length;
  return powers;
}

/** The value below which `share` of the values lie (nearest rank); -Infinity for none. */
function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return -Infinity;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

export interface Levels {
  /** dBFS of the quiet windows: room noise in the pauses. */
  noiseDbfs: number;
  /** dBFS of the loud windows: the voice. */
  speechDbfs: number;
  /** Windows below this level (dBFS) are silence. */
  silenceBelowDbfs: number;
}

export function levelsOf(powers: Float64Array): Levels {
  const sorted = powers.slice().sort();
  const noiseDbfs = powerToDb(percentile(sorted, measuring.noisePercentile));
  const speechDbfs = powerToDb(percentile(sorted, measuring.speechPercentile));
  const silenceBelowDbfs = Math.max(
    measuring.silenceDbfs,
    speechDbfs - measuring.silenceBelowSpeechDb,
    Math.min(noiseDbfs + measuring.silenceOverNoiseDb, speechDbfs - measuring.speechOverSilenceDb),
  );
  return { noiseDbfs, speechDbfs, silenceBelowDbfs };
}
