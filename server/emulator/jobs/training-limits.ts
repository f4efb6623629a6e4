/**
 * The spec's recommended ranges (Limits). Departures are warnings in inputs_summary, never
 * failures: the spec calls them recommendations. Clip counts of voice references come from
 * the contract (recommendedReferenceClips); the rest is only in the spec's prose.
 */
export interface Range {
  min: number;
  max: number;
}

export const recommendedReferenceSeconds: Range = { min: 5, max: 30 };
export const recommendedMusicDataset = {
  count: { min: 10, max: 25 },
  seconds: { min: 30, max: 120 },
};
export const recommendedVideoDataset = { count: { min: 8, max: 20 }, seconds: { min: 3, max: 10 } };

export const roundSeconds = (value: number | null) =>
  value === null ? null : Math.round(value * 100) / 100;

/** "intro.wav is 2.4 s; 30 to 120 s are recommended", or null when within range or unknown. */
export function rangeWarning(label: string, seconds: number | null, range: Range): string | null {
  if (seconds === null || (seconds >= range.min && seconds <= range.max)) return null;
  return `${label} is ${roundSeconds(seconds)} s; ${range.min} to ${range.max} s are recommended`;
}
