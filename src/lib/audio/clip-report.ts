/**
 * What the browser measures in a voice clip. Levels are in dB relative to full scale; a clip of
 * pure digital silence has no level, so its dB figures are -Infinity (and its SNR too).
 */
export interface ClipReport {
  durationS: number;
  sampleRate: number;
  channels: number;
  /** Highest sample magnitude over every channel, dBFS. */
  peakDbfs: number;
  /** Integrated loudness, ITU-R BS.1770-4 with gating (LUFS). */
  loudnessLufs: number;
  /** Share of samples (0 to 1) in runs at full scale: the signal hit the ceiling and was cut flat. */
  clippedShare: number;
  /** Level of the quietest stretches (room noise between words), dBFS. */
  noiseFloorDbfs: number;
  /** Speech level over the noise floor, dB. +Infinity when the pauses are digital silence. */
  snrDb: number;
  /** Share of the clip's length (0 to 1) with no speech in it. */
  silenceShare: number;
}
