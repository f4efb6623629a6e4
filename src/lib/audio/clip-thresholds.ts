/*
 * Every figure behind a clip's report and verdicts, with the reason for it. This is the one place
 * they are set: docs/voice-clip-checks.md points here rather than repeating them.
 *
 * Verdicts mean: good — nothing to do; fix — usable, but the result will be better after the
 * advice; unusable — the clip would harm the voice more than help it: record again or leave it out.
 */

/** How the measures are taken (analyse-clip.ts, trim-silence.ts). */
export const measuring = {
  /** |x| at or above this is "at full scale": decoders and gain stages rarely reach exactly 1.0. */
  clippingLevel: 0.99,
  /**
   * A sample counts as clipped only in a run of this many at full scale, as Audacity's "Find
   * Clipping" does: a lone peak touching the ceiling is not distortion, a flattened wave is.
   */
  clippingRunSamples: 3,
  /** Level windows: 50 ms is shorter than a syllable, so pauses between words show up. */
  windowS: 0.05,
  /** The noise floor is the level of the quietest 10 % of windows: the pauses. */
  noisePercentile: 0.1,
  /** The speech level is that of the loudest 10 % of windows: vowels, not breaths. */
  speechPercentile: 0.9,
  /**
   * A window is silence when it is more than 35 dB under the speech level (quieter than any
   * consonant) …
   */
  silenceBelowSpeechDb: 35,
  /** … or within 6 dB of the noise floor, so pauses in a noisy room count too … */
  silenceOverNoiseDb: 6,
  /** … but never within 15 dB of the speech level, so steady speech is not taken for noise … */
  speechOverSilenceDb: 15,
  /** … and always below -60 dBFS, where no speech from a working microphone sits. */
  silenceDbfs: -60,
  /**
   * With fewer pauses than this share of windows, the quietest windows are still the voice: the
   * noise floor read from them is only an upper bound, and the SNR only a lower bound.
   */
  pausesForNoiseShare: 0.05,
} as const;

/** Seconds of a clip. The training spec recommends 5–30 s (src/features/training/recommendations.ts). */
export const durationS = {
  /** Under 3 s there is not even a full sentence of the voice to learn from or continue. */
  unusableBelow: 3,
  /** 5 s holds a sentence or two: the spec's lower bound. */
  goodFrom: 5,
  /** Past 30 s the extra adds little and slows the upload: trim it, or split it into clips. */
  goodTo: 30,
} as const;

/** Highest sample, dBFS. */
export const peakDbfs = {
  /** A peak at the ceiling leaves no headroom: the next louder word will clip. */
  fixFrom: -0.1,
} as const;

/** Share of samples (0 to 1) in clipped runs. */
export const clippedShare = {
  /** Above 0.1 % the clicks of flattened peaks are audible, and a model learns them as voice. */
  fixAbove: 0.001,
  /** Above 1 % the distortion runs through the speech: no edit can take it out. */
  unusableAbove: 0.01,
} as const;

/** Integrated loudness, LUFS. */
export const loudnessLufs = {
  /**
   * Under -40 LUFS the voice sits so low that raising it lifts the noise as much: record again
   * closer to the microphone.
   */
  unusableBelow: -40,
  /** -26 to -14 LUFS is normal speech recorded with sensible gain (podcasts aim at -16 to -19). */
  goodFrom: -26,
  goodTo: -14,
} as const;

/** Noise floor, dBFS. */
export const noiseFloorDbfs = {
  /** A quiet room with a decent microphone sits well below -60 dBFS; above -50 the hiss is heard. */
  fixAbove: -50,
} as const;

/** Signal-to-noise ratio, dB. */
export const snrDb = {
  /** Under 20 dB the noise is a third of the voice's level: a clone copies the room too. */
  unusableBelow: 20,
  /** 30 dB and more is a clean home recording. */
  goodFrom: 30,
} as const;

/** Share (0 to 1) of the clip's length that is silence. */
export const silenceShare = {
  /** Natural speech has pauses: up to 40 % is normal. */
  fixFrom: 0.4,
  /** Above 70 % there is little voice left in the clip. */
  unusableAbove: 0.7,
} as const;

/** Sample rate, Hz. */
export const sampleRateHz = {
  /** Under 8 kHz (below telephone quality) the voice's timbre is gone. */
  unusableBelow: 8000,
  /** Under 16 kHz sibilants and breath are cut off: record at 44.1 or 48 kHz. */
  fixBelow: 16_000,
} as const;

/** Mono and stereo are both fine; more channels (a surround mix) is not a voice recording. */
export const maxChannels = 2;

/** Proposing a trim of silence at the start and end (trim-silence.ts). */
export const trimming = {
  /**
   * Speech starts with this many loud windows in a row (150 ms, a short syllable): the click of
   * the mouse that started the recording is shorter and is trimmed away with the silence.
   */
  speechRunWindows: 3,
  /** Kept each side of the speech, so the first consonant's onset and the last word's tail stay. */
  padS: 0.15,
  /** A trim removing less than this in all is not worth proposing. */
  minCutS: 0.3,
} as const;
