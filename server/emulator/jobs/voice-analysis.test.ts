import { describe, expect, it } from 'vitest';
import { synthesizeSpeech } from '../media/speech';
import { measureVoice } from './voice-analysis';
import { deriveVoice } from './voice-params';

const tone = (hz: number, seconds: number, rate = 22_050) => {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = 0.3 * Math.sin((2 * Math.PI * hz * i) / rate);
  return { samples, sampleRate: rate };
};

describe('measureVoice', () => {
  it('finds the pitch of a periodic signal by autocorrelation', () => {
    expect(measureVoice([tone(180, 2)]).f0Hz).toBe(180);
    expect(measureVoice([tone(120, 1), tone(120, 1, 44_100)]).f0Hz).toBe(120);
  });

  it('finds nothing in silence or noise too short to judge', () => {
    expect(measureVoice([{ samples: new Float32Array(22_050), sampleRate: 22_050 }])).toEqual({
      f0Hz: null,
      syllablesPerSecond: null,
    });
  });

  it('tells a low espeak voice from a high one, and derives matching espeak parameters', async () => {
    const text = 'This is a reference recording for training a custom voice.';
    const low = measureVoice([
      await synthesizeSpeech(text, { espeakVoice: 'en-us+m3', pitch: 40, wordsPerMinute: 175 }),
    ]);
    const high = measureVoice([
      await synthesizeSpeech(text, { espeakVoice: 'en-us+f3', pitch: 60, wordsPerMinute: 175 }),
    ]);
    expect(deriveVoice(low, [])).toMatchObject({
      gender: 'male',
      speech: { espeakVoice: 'en-us+m3' },
    });
    expect(deriveVoice(high, [])).toMatchObject({
      gender: 'female',
      speech: { espeakVoice: 'en-us+f3' },
    });
    expect(Math.abs(deriveVoice(high, []).speech.pitch - 60)).toBeLessThanOrEqual(8);
  });

  it('falls back to a stable choice from the content hashes when nothing was measured', () => {
    const none = { f0Hz: null, syllablesPerSecond: null };
    const voice = deriveVoice(none, ['abc']);
    expect(voice).toMatchObject({ basis: 'hashed', gender: 'neutral', language: 'en' });
    expect(deriveVoice(none, ['abc'])).toEqual(voice);
    expect(voice.speech.pitch).toBeGreaterThanOrEqual(30);
    expect(voice.speech.pitch).toBeLessThanOrEqual(70);
  });
});
