import { recommendedReferenceClips } from '../../api/contract/training-limits';

export type TrainingForm = 'voice' | 'music' | 'video';

interface Range {
  min: number;
  max: number;
}

export interface Recommendation {
  count: Range;
  /** Seconds per clip. */
  seconds: Range;
  /** "clip", "track". */
  item: string;
}

/** The spec's Limits table. Recommendations only: the UI warns, it never blocks. */
export const recommendations: Record<TrainingForm, Recommendation> = {
  voice: { count: recommendedReferenceClips, seconds: { min: 5, max: 30 }, item: 'clip' },
  music: { count: { min: 10, max: 25 }, seconds: { min: 30, max: 120 }, item: 'track' },
  video: { count: { min: 8, max: 20 }, seconds: { min: 3, max: 10 }, item: 'clip' },
};

function plural(count: number, item: string) {
  return `${count} ${item}${count === 1 ? '' : 's'}`;
}

export function countWarning(form: TrainingForm, count: number): string | null {
  const { count: range, item } = recommendations[form];
  if (count === 0 || (count >= range.min && count <= range.max)) return null;
  const side = count < range.min ? 'fewer' : 'more';
  return `${plural(count, item)}: ${side} than the recommended ${range.min} to ${range.max}.`;
}

/** Within the range, bounds included. An unknown length (not measured) gets no warning. */
export function durationWarning(form: TrainingForm, seconds: number | undefined): string | null {
  const range = recommendations[form].seconds;
  if (seconds === undefined || !Number.isFinite(seconds)) return null;
  if (seconds < range.min) return `Shorter than the recommended ${range.min} to ${range.max} s.`;
  if (seconds > range.max) return `Longer than the recommended ${range.min} to ${range.max} s.`;
  return null;
}

/** The dataset as a whole: its count, and how many measured items fall outside the length range. */
export function datasetWarnings(
  form: TrainingForm,
  durations: readonly (number | undefined)[],
): string[] {
  const { seconds, item } = recommendations[form];
  const warnings: string[] = [];
  const count = countWarning(form, durations.length);
  if (count) warnings.push(count);
  const outside = durations.filter((d) => durationWarning(form, d) !== null).length;
  if (outside > 0)
    warnings.push(
      `${outside} of ${plural(durations.length, item)} outside the recommended ${seconds.min} to ${seconds.max} s.`,
    );
  return warnings;
}
