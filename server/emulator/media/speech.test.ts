import { describe, expect, it } from 'vitest';
import { pcmDurationS, pcmRms } from './pcm';
import { languageToEspeak, synthesizeSpeech, type SpeechVoice } from './speech';

const voice: SpeechVoice = { espeakVoice: 'en-us', pitch: 50, wordsPerMinute: 175 };
const sentence = 'The quick brown fox jumps over the lazy dog.';

describe('synthesizeSpeech', () => {
  it('speaks: audible mono PCM at espeak-ng rate', async () => {
    const pcm = await synthesizeSpeech(sentence, voice);
    expect(pcm.sampleRate).toBe(22050);
    expect(pcmRms(pcm)).toBeGreaterThan(0.03);
    expect(pcmDurationS(pcm)).toBeGreaterThan(1.5);
    expect(pcmDurationS(pcm)).toBeLessThan(5);
  });

  it('takes longer for longer text and less time at a higher speed', async () => {
    const short = await synthesizeSpeech('Hello there.', voice);
    const long = await synthesizeSpeech(`Hello there. ${sentence} ${sentence}`, voice);
    expect(pcmDurationS(long)).toBeGreaterThan(pcmDurationS(short) * 3);

    const fast = await synthesizeSpeech(sentence, voice, { speed: 2 });
    const slow = await synthesizeSpeech(sentence, voice, { speed: 0.5 });
    expect(pcmDurationS(slow)).toBeGreaterThan(pcmDurationS(fast) * 2.5);
  });

  it('gives different audio for different pitch and variant', async () => {
    const base = await synthesizeSpeech(sentence, voice);
    const higher = await synthesizeSpeech(sentence, { ...voice, pitch: 90 });
    const female = await synthesizeSpeech(sentence, { ...voice, espeakVoice: 'en-us+f3' });
    for (const other of [higher, female]) {
      const length = Math.min(base.samples.length, other.samples.length);
      let difference = 0;
      for (let i = 0; i < length; i++) difference += Math.abs(base.samples[i]! - other.samples[i]!);
      expect(difference / length).toBeGreaterThan(0.01);
      expect(pcmRms(other)).toBeGreaterThan(0.03);
    }
  });

  it('is deterministic, so every run starts from a clean engine', async () => {
    const [first, second] = await Promise.all([
      synthesizeSpeech(sentence, voice),
      synthesizeSpeech(sentence, voice),
    ]);
    expect(second!.samples).toEqual(first!.samples);
  });

  it('speaks text that looks like command-line options', async () => {
    const pcm = await synthesizeSpeech('-v xx --help', voice);
    expect(pcmDurationS(pcm)).toBeGreaterThan(0.5);
    expect(pcmRms(pcm)).toBeGreaterThan(0.03);
  });

  it('handles a few thousand characters', async () => {
    const text = `${sentence} `.repeat(70); // ~3000 characters
    const pcm = await synthesizeSpeech(text, { ...voice, wordsPerMinute: 450 });
    expect(pcmDurationS(pcm)).toBeGreaterThan(60);
  });

  it('rejects malformed and unknown voices without touching the exit code', async () => {
    await expect(synthesizeSpeech('hi', { ...voice, espeakVoice: '-q' })).rejects.toThrow(
      /invalid espeak voice/,
    );
    await expect(synthesizeSpeech('hi', { ...voice, espeakVoice: 'xx-nope' })).rejects.toThrow(
      /does not exist/,
    );
    expect(process.exitCode).toBeUndefined();
    // ...and the engine still works afterwards.
    expect(pcmRms(await synthesizeSpeech('hi', voice))).toBeGreaterThan(0.03);
  });
});

describe('languageToEspeak', () => {
  const greetings: Record<string, string> = {
    en: 'Hello world',
    es: 'Hola mundo',
    fr: 'Bonjour à tous',
    de: 'Guten Tag',
    it: 'Buongiorno a tutti',
    pt: 'Olá mundo',
    zh: '你好世界',
    ja: 'こんにちは',
    ko: '안녕하세요',
    hi: 'नमस्ते दुनिया',
    ru: 'Привет мир',
    nl: 'Hallo wereld',
    pl: 'Cześć wszystkim',
    sv: 'Hej världen',
    tr: 'Merhaba dünya',
    ar: 'مرحبا بالعالم',
  };

  it.each(Object.entries(greetings))('maps %s to a voice that speaks', async (code, text) => {
    const pcm = await synthesizeSpeech(text, { ...voice, espeakVoice: languageToEspeak(code) });
    expect(pcmRms(pcm)).toBeGreaterThan(0.03);
  });

  it('understands regions and falls back to English', () => {
    expect(languageToEspeak('zh')).toBe('cmn');
    expect(languageToEspeak('pt-BR')).toBe('pt-br');
    expect(languageToEspeak('en_GB')).toBe('en-gb');
    expect(languageToEspeak('de-AT')).toBe('de');
    expect(languageToEspeak('xx')).toBe('en-us');
  });
});
