import { trimming } from './clip-thresholds';
import { levelsOf, powerToDb, windowLength, windowPowers } from './windows';

/**
 * Where the speech in a clip starts and ends, padded a little, as seconds from its start: the
 * region "Trim silence" proposes. Null when there is no speech, or the silence either side is
 * too short to be worth cutting.
 */
export function proposeTrim(
  channels: readonly Float32Array[],
  sampleRate: number,
): { startS: number; endS: number } | null {
  const frames = channels[0]?.length ?? 0;
  if (frames === 0 || sampleRate <= 0) return null;
  const powers = windowPowers(channels, sampleRate);
  const { silenceBelowDbfs } = levelsOf(powers);
  const loud = Array.from(powers, (p) => powerToDb(p) >= silenceBelowDbfs);
  // Speech is the first and last run of loud windows long enough to be a syllable; a clip with
  // no such run (only short sounds) is trimmed to its first and last loud window instead.
  const span =
    loudSpan(loud, Math.min(trimming.speechRunWindows, loud.length)) ?? loudSpan(loud, 1);
  if (!span) return null;
  const [first, last] = span;

  const durationS = frames / sampleRate;
  const windowS = windowLength(sampleRate) / sampleRate;
  const startS = Math.max(0, first * windowS - trimming.padS);
  const endS = Math.min(durationS, (last + 1) * windowS + trimming.padS);
  if (startS + (durationS - endS) < trimming.minCutS) return null;
  return { startS, endS };
}

/** The first window of the first run of `run` loud windows, and the last of the last run. */
function loudSpan(loud: readonly boolean[], run: number): [number, number] | null {
  const runAt = (w: number) => loud.slice(w, w + run).every(Boolean);
  let first = -1;
  for (let w = 0; w + run <= loud.length && first < 0; w++) if (runAt(w)) first = w;
  if (first < 0) return null;
  for (let w = loud.length - run; w > first; w--) if (runAt(w)) return [first, w + run - 1];
  return [first, first + run - 1];
}
