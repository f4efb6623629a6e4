/** A sample at or above this magnitude counts as clipped (full scale is 1.0). */
export const clippingLevel = 0.99;
/** Speech averaging below this is likely too quiet for a clean voice model. */
export const quietRmsDbfs = -35;
/** More than 0.1 % of samples at full scale is audible distortion, not a stray peak. */
export const clippingShareLimit = 0.001;

export interface AudioLevels {
  /** Root mean square over all channels, in dBFS (-Infinity for silence). */
  rmsDbfs: number;
  peakDbfs: number;
  /** Share of samples with |x| ≥ clippingLevel, 0 to 1. */
  clippedShare: number;
}

export function toDbfs(amplitude: number): number {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;
}

/** Levels of decoded audio, one Float32Array per channel (as AudioBuffer.getChannelData gives). */
export function analyseSamples(channels: readonly Float32Array[]): AudioLevels {
  let sumSquares = 0;
  let peak = 0;
  let clipped = 0;
  let count = 0;
  for (const samples of channels) {
    for (let i = 0; i < samples.length; i++) {
      const magnitude = Math.abs(samples[i]!);
      sumSquares += magnitude * magnitude;
      if (magnitude > peak) peak = magnitude;
      if (magnitude >= clippingLevel) clipped++;
    }
    count += samples.length;
  }
  if (count === 0) return { rmsDbfs: -Infinity, peakDbfs: -Infinity, clippedShare: 0 };
  return {
    rmsDbfs: toDbfs(Math.sqrt(sumSquares / count)),
    peakDbfs: toDbfs(peak),
    clippedShare: clipped / count,
  };
}

/** Advice on a clip's levels: warnings, never blocks. */
export function levelWarnings(levels: AudioLevels): string[] {
  const warnings: string[] = [];
  if (levels.rmsDbfs < quietRmsDbfs)
    warnings.push(
      `Quiet: ${formatDbfs(levels.rmsDbfs)} RMS (below ${quietRmsDbfs} dBFS); record closer or raise the gain.`,
    );
  if (levels.clippedShare > clippingShareLimit)
    warnings.push(
      `Clipping: ${formatShare(levels.clippedShare)} of samples at full scale; lower the gain.`,
    );
  return warnings;
}

export function formatDbfs(dbfs: number): string {
  return Number.isFinite(dbfs) ? `${dbfs.toFixed(1)} dBFS` : '−∞ dBFS';
}

function formatShare(share: number): string {
  const percent = share * 100;
  return `${percent < 1 ? percent.toFixed(2) : percent.toFixed(1)} %`;
}
