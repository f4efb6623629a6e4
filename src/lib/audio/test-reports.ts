import type { ClipReport } from './clip-report';

/** A clean 12 s mono clip, for tests: every measure good. */
export const goodReport: ClipReport = {
  durationS: 12,
  sampleRate: 48_000,
  channels: 1,
  peakDbfs: -3.2,
  loudnessLufs: -18.24,
  clippedShare: 0,
  noiseFloorDbfs: -68,
  snrDb: 48.5,
  silenceShare: 0.22,
};
