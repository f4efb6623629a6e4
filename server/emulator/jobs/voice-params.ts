import { createHash } from 'node:crypto';
import { seededRandom } from '../media/palette';
import { languageToEspeak, type SpeechVoice } from '../media/speech';
import type { VoiceMeasurements } from './voice-analysis';

/** How a trained voice speaks, and what was learned from the references to get there. */
export interface DerivedVoice {
  language: string;
  gender: 'female' | 'male' | 'neutral';
  /** Stored as custom_voices.voice_params_json: the shape synthesizeSpeech takes. */
  speech: SpeechVoice;
  /** 'measured' from decoded WAV audio; 'hashed' when no reference could be decoded (MP3…). */
  basis: 'measured' | 'hashed';
}

// Measured on this espeak-ng build: at pitch 50 the m3 variant speaks at ~105 Hz and f3 at
// ~211 Hz, and each octave away from that is about 80 pitch units.
const VARIANTS = { m3: 105, f3: 211 } as const;
const UNITS_PER_OCTAVE = 80;
// Typical adult ranges: under ~145 Hz reads as male, over ~170 Hz as female.
const MALE_BELOW_HZ = 145;
const FEMALE_ABOVE_HZ = 170;
const VARIANT_SPLIT_HZ = 155;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * No speech recognition here, so the language cannot be heard: every trained voice is
 * English ('en'), which the catalog and synthesis both understand (docs/api-decisions.md).
 */
const LANGUAGE = 'en';

/** espeak parameters that reproduce the measured pitch and rate as closely as espeak can. */
export function deriveVoice(measured: VoiceMeasurements, referenceHashes: string[]): DerivedVoice {
  const base = languageToEspeak(LANGUAGE);
  if (measured.f0Hz === null) {
    // Nothing decodable (only MP3/Ogg references): a stable choice from the content, so the
    // same references always give the same voice.
    const random = seededRandom('voice', ...referenceHashes);
    const variant = random() < 0.5 ? 'm3' : 'f3';
    return {
      language: LANGUAGE,
      gender: 'neutral',
      speech: {
        espeakVoice: `${base}+${variant}`,
        pitch: Math.round(30 + random() * 40),
        wordsPerMinute: Math.round(150 + random() * 40),
      },
      basis: 'hashed',
    };
  }
  const f0 = measured.f0Hz;
  const variant = f0 < VARIANT_SPLIT_HZ ? 'm3' : 'f3';
  const pitch = 50 + UNITS_PER_OCTAVE * Math.log2(f0 / VARIANTS[variant]);
  // espeak's rate maps to ~5 syllables/s at 175 wpm on this build; fitted over 140..220 wpm.
  const sps = measured.syllablesPerSecond;
  const wordsPerMinute = sps === null ? 175 : clamp(44 * sps - 50, 120, 260);
  return {
    language: LANGUAGE,
    gender: f0 < MALE_BELOW_HZ ? 'male' : f0 > FEMALE_ABOVE_HZ ? 'female' : 'neutral',
    speech: {
      espeakVoice: `${base}+${variant}`,
      pitch: Math.round(clamp(pitch, 0, 99)),
      wordsPerMinute: Math.round(wordsPerMinute),
    },
    basis: 'measured',
  };
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
