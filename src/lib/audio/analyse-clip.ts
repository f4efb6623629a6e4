import type { ClipReport } from './clip-report';
import { measuring } from './clip-thresholds';
import { integratedLoudness } from './loudness';
import { amplitudeToDb, levelsOf, powerToDb, windowPowers } from './windows';

/** Highest magnitude, and how many samples sit in runs at full scale, over every channel. */
function peakAndClipping(channels: readonly Float32Array[]) {
  const level = measuring.clippingLevel;
  const minRun = measuring.clippingRunSamples;
  let peak = 0;
  let clipped = 0;
  for (const samples of channels) {
    let run = 0;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      const magnitude = x < 0 ? -x : x;
      if (magnitude > peak) peak = magnitude;
      if (magnitude >= level) run++;
      else if (run > 0) {
        if (run >= minRun) clipped += run;
        run = 0;
      }
    }
    if (run >= minRun) clipped += run;
  }
  return { peak, clipped };
}

/**
 * Measures decoded audio: one Float32Array per channel, all the same length, as
 * AudioBuffer.getChannelData gives them. Pure and synchronous, so it runs in a worker as well as
 * in a test.
 */
export function analyseClip(channels: readonly Float32Array[], sampleRate: number): ClipReport {
  const frames = channels[0]?.length ?? 0;
  const totalSamples = frames * channels.length;
  const { peak, clipped } = peakAndClipping(channels);
  const powers = windowPowers(channels, sampleRate);
  const levels = levelsOf(powers);
  let silent = 0;
  for (const power of powers) if (powerToDb(power) < levels.silenceBelowDbfs) silent++;

  return {
    durationS: sampleRate > 0 ? frames / sampleRate : 0,
    sampleRate,
    channels: channels.length,
    peakDbfs: amplitudeToDb(peak),
    loudnessLufs: integratedLoudness(channels, sampleRate),
    clippedShare: totalSamples > 0 ? clipped / totalSamples : 0,
    noiseFloorDbfs: levels.noiseDbfs,
    snrDb: snr(levels.speechDbfs, levels.noiseDbfs),
    silenceShare: powers.length > 0 ? silent / powers.length : 1,
  };
}

/** No speech at all is -Infinity; speech over pauses of digital silence is +Infinity. */
function snr(speechDbfs: number, noiseDbfs: number): number {
  if (speechDbfs === -Infinity) return -Infinity;
  return speechDbfs - noiseDbfs;
}
