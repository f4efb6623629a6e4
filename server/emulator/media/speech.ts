import { runEspeak } from './espeak-engine';
import type { Pcm } from './pcm';
import { decodeWav } from './wav';

export type { Pcm } from './pcm';

export interface SpeechVoice {
  /** espeak-ng voice, optionally with a variant: 'en-us', 'en-us+f3', 'fr-fr+m2'. */
  espeakVoice: string;
  /** 0..99, espeak's default is 50. */
  pitch: number;
  /** Speaking rate at speed 1.0. */
  wordsPerMinute: number;
}

// espeak-ng refuses rates outside this range.
const MIN_WPM = 80;
const MAX_WPM = 450;
const VOICE_NAME = /^[a-z0-9][a-z0-9_-]*(\+[a-z0-9_-]+)?$/i;
const INPUT_FILE = '/input.txt';
const OUTPUT_FILE = '/output.wav';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const finiteOr = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isFinite(value) ? value : fallback;

/**
 * Speaks `text` with espeak-ng and returns mono PCM (22050 Hz, espeak's native rate).
 * `speed` multiplies the voice's words per minute.
 */
export async function synthesizeSpeech(
  text: string,
  voice: SpeechVoice,
  options: { speed?: number } = {},
): Promise<Pcm> {
  if (!VOICE_NAME.test(voice.espeakVoice)) {
    throw new Error(`invalid espeak voice name "${voice.espeakVoice}"`);
  }
  // Non-numbers fall back to espeak's defaults rather than reaching its argument parser.
  const speed = finiteOr(options.speed, 1);
  const rate = finiteOr(voice.wordsPerMinute, 175) * speed;
  const wordsPerMinute = Math.round(clamp(rate, MIN_WPM, MAX_WPM));
  const pitch = Math.round(clamp(finiteOr(voice.pitch, 50), 0, 99));
  // The text goes through a file rather than argv: nothing in it can be read as an option
  // (a leading '-'), and long texts do not have to fit the module's 64 KiB stack.
  // Control characters other than line breaks and tabs are dropped; espeak would spell some.
  // eslint-disable-next-line no-control-regex
  const cleanText = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ' ');
  const args = [
    ...['-b', '1'], // input is UTF-8
    ...['-v', voice.espeakVoice],
    ...['-s', String(wordsPerMinute)],
    ...['-p', String(pitch)],
    ...['-w', OUTPUT_FILE],
    ...['-f', INPUT_FILE],
  ];
  const result = await runEspeak(args, { [INPUT_FILE]: cleanText }, OUTPUT_FILE);
  const pcm = result.output && result.exitCode === 0 ? decodeWav(result.output) : null;
  if (!pcm) {
    const detail = result.stderr || `exit code ${result.exitCode}`;
    throw new Error(`espeak-ng could not speak with voice "${voice.espeakVoice}": ${detail}`);
  }
  return pcm;
}

// Voices of this espeak-ng build for the languages the API advertises; keys are lower-case
// BCP 47 tags, tried from the most specific ('pt-br') to the primary language ('pt').
const LANGUAGE_VOICES: Record<string, string> = {
  en: 'en-us',
  'en-us': 'en-us',
  'en-gb': 'en-gb',
  es: 'es',
  'es-419': 'es-419',
  'es-mx': 'es-419',
  fr: 'fr-fr',
  'fr-be': 'fr-be',
  'fr-ch': 'fr-ch',
  de: 'de',
  it: 'it',
  pt: 'pt',
  'pt-br': 'pt-br',
  zh: 'cmn',
  cmn: 'cmn',
  'zh-hk': 'yue',
  yue: 'yue',
  ja: 'ja',
  ko: 'ko',
  hi: 'hi',
  ru: 'ru',
  nl: 'nl',
  pl: 'pl',
  sv: 'sv',
  tr: 'tr',
  ar: 'ar',
  uk: 'uk',
  cs: 'cs',
  da: 'da',
  fi: 'fi',
  el: 'el',
  he: 'he',
  hu: 'hu',
  id: 'id',
  ro: 'ro',
  vi: 'vi',
  th: 'th',
  nb: 'nb',
  no: 'nb',
};

/** espeak-ng voice for a language code ('en', 'pt-BR', 'zh_CN'); unknown codes get 'en-us'. */
export function languageToEspeak(code: string): string {
  const parts = code.trim().toLowerCase().replace(/_/g, '-').split('-');
  for (let length = parts.length; length > 0; length--) {
    const voice = LANGUAGE_VOICES[parts.slice(0, length).join('-')];
    if (voice) return voice;
  }
  return 'en-us';
}
