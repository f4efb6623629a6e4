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
  const run = Math.min(trimming.speechRunWindows, powers.length);

  // The first window of the first run of loud windows, and the last of the last run.
  const runAt = (w: number) => loud.slice(w, w + run).every(Boolean);
  let first = -1;
  for (let w = 0; w + run <= loud.length && first < 0; w++) if (runAt(w)) first = w;
  if (first < 0) return null;
  let last = first + run - 1;
  for (let w = loud.length - run; w > first; w--)
    if (runAt(w)) {
      last = w + run - 1;
      break;
    }

  const durationS = frames / sampleRate;
  const windowS = windowLength(sampleRate) / sampleRate;
  const startS = Math.max(0, first * windowS - trimming.padS);
  const endS = Math.min(durationS, (last + 1) * windowS + trimming.padS);
  if (startS + (durationS - endS) < trimming.minCutS) return null;
  return { startS, endS };
}
