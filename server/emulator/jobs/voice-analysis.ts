import type { Pcm } from '../media/pcm';
import { resample } from '../media/resample';

/** What the references tell about the speaker, measured on decoded audio. */
export interface VoiceMeasurements {
  /** Median fundamental frequency of voiced frames, in Hz; null when none was found. */
  f0Hz: number | null;
  /** Syllable-like energy peaks per second of speech; null when too little speech. */
  syllablesPerSecond: number | null;
}

// 16 kHz keeps every formant that matters for pitch while quartering the work at 44.1 kHz.
const ANALYSIS_RATE = 16_000;
const FRAME_S = 0.04;
const HOP_S = 0.02;
// Human speech F0 lies between about 60 Hz (low male) and 400 Hz (child).
const MIN_F0 = 60;
const MAX_F0 = 400;
// Autocorrelation costs frame × lag range per frame: a few hundred frames per clip are
// plenty for a median and keep a 30 s reference under ~50 ms.
const MAX_FRAMES = 300;
// Below this normalized correlation a frame is noise or unvoiced (s, f, breath).
const VOICED_CORRELATION = 0.5;

function rms(samples: Float32Array, start: number, length: number): number {
  let sum = 0;
  for (let i = start; i < start + length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / length);
}

/** F0 of one frame by normalized autocorrelation, or null when the frame is not voiced. */
function frameF0(samples: Float32Array, start: number, length: number): number | null {
  const minLag = Math.floor(ANALYSIS_RATE / MAX_F0);
  const maxLag = Math.min(length - 1, Math.ceil(ANALYSIS_RATE / MIN_F0));
  let energy = 0;
  for (let i = start; i < start + length; i++) energy += samples[i]! * samples[i]!;
  if (energy === 0) return null;
  let bestLag = 0;
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag++) {
    let sum = 0;
    let lagEnergy = 0;
    for (let i = start; i < start + length - lag; i++) {
      sum += samples[i]! * samples[i + lag]!;
      lagEnergy += samples[i + lag]! * samples[i + lag]!;
    }
    const score = sum / Math.sqrt(energy * lagEnergy || 1);
    if (score > best) {
      best = score;
      bestLag = lag;
    }
  }
  return best >= VOICED_CORRELATION && bestLag > 0 ? ANALYSIS_RATE / bestLag : null;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Pitch and speaking rate of mono speech, from many clips averaged (the spec's "averaging"). */
export function measureVoice(clips: readonly Pcm[]): VoiceMeasurements {
  const pitches: number[] = [];
  let peaks = 0;
  let speechSeconds = 0;
  for (const clip of clips) {
    const { samples } = resample(clip, ANALYSIS_RATE);
    const frame = Math.round(FRAME_S * ANALYSIS_RATE);
    const hop = Math.round(HOP_S * ANALYSIS_RATE);
    const count = Math.max(0, Math.floor((samples.length - frame) / hop) + 1);
    const levels = Array.from({ length: count }, (_, i) => rms(samples, i * hop, frame));
    const loudest = Math.max(0, ...levels);
    // Frames within 30 dB of the loudest count as speech; the rest is room tone.
    const threshold = loudest * 0.03;
    const stride = Math.max(1, Math.ceil(count / MAX_FRAMES));
    for (let i = 0; i < count; i++) {
      const level = levels[i]!;
      if (level <= threshold) continue;
      speechSeconds += HOP_S;
      // A syllable nucleus: a local energy maximum well above the floor.
      const before = levels[i - 1] ?? 0;
      const after = levels[i + 1] ?? 0;
      if (level > loudest * 0.25 && level >= before && level > after) peaks += 1;
      if (i % stride === 0) {
        const f0 = frameF0(samples, i * hop, frame);
        if (f0 !== null) pitches.push(f0);
      }
    }
  }
  return {
    f0Hz: pitches.length >= 5 ? Math.round(median(pitches)) : null,
    syllablesPerSecond: speechSeconds >= 1 ? peaks / speechSeconds : null,
  };
}
