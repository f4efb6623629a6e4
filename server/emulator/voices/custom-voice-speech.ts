import type { CustomVoiceRecord } from '../db/custom-voices-repo';
import { languageToEspeak, type SpeechVoice } from '../media/speech';

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * How a custom voice speaks. Training stores a SpeechVoice (`{ espeakVoice, pitch,
 * wordsPerMinute }`) in voice_params; a row missing any of them still speaks, in espeak's
 * default voice for its language at neutral pitch and rate.
 */
export function speechOfCustomVoice(record: CustomVoiceRecord): SpeechVoice {
  const params = record.voice_params;
  return {
    espeakVoice:
      typeof params.espeakVoice === 'string' && params.espeakVoice !== ''
        ? params.espeakVoice
        : languageToEspeak(record.language),
    pitch: numberOr(params.pitch, 50),
    wordsPerMinute: numberOr(params.wordsPerMinute, 175),
  };
}
