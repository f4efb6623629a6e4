import { deriveVoice, sha256Hex } from '../jobs/voice-params';
import { measureVoice } from '../jobs/voice-analysis';
import type { MediaInfo } from '../media/inspect';
import { languageToEspeak, type SpeechVoice } from '../media/speech';
import { decodeWav } from '../media/wav';

/** Scripts that name their language well enough to pick an espeak voice; anything else is 'en'. */
const SCRIPTS: Array<[RegExp, string]> = [
  [/[\uac00-\ud7af]/, 'ko'],
  [/[\u3040-\u30ff]/, 'ja'],
  [/[\u4e00-\u9fff]/, 'zh'],
  [/[\u0900-\u097f]/, 'hi'],
  [/[\u0400-\u04ff]/, 'ru'],
  [/[\u0600-\u06ff]/, 'ar'],
  [/[\u0370-\u03ff]/, 'el'],
  [/[\u0590-\u05ff]/, 'he'],
  [/[\u0e00-\u0e7f]/, 'th'],
];

/**
 * The language to speak `text` in. Nothing recognizes the reference's language (no speech
 * recognition here), so the text's script decides; Latin script stays English.
 */
export function languageOfText(text: string): string {
  return SCRIPTS.find(([script]) => script.test(text))?.[1] ?? 'en';
}

/**
 * A voice that sounds like the reference: pitch and rate measured on decoded WAV (the same
 * analysis as voice training), or, for formats we cannot decode (MP3, Ogg), parameters fixed
 * by the content hash, so the same clip always gives the same voice.
 */
export function voiceFromReference(bytes: Uint8Array, info: MediaInfo, text: string): SpeechVoice {
  const pcm = info.format === 'wav' ? decodeWav(bytes) : null;
  const measured = pcm ? measureVoice([pcm]) : { f0Hz: null, syllablesPerSecond: null };
  const { speech } = deriveVoice(measured, [sha256Hex(bytes)]);
  // Keep the derived variant (m3/f3) and pitch, in the text's language.
  const variant = speech.espeakVoice.split('+')[1];
  const base = languageToEspeak(languageOfText(text));
  return { ...speech, espeakVoice: variant ? `${base}+${variant}` : base };
}
