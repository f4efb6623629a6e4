// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { speechFormSchema, type SpeechFormValues } from './speech-form-schema';
import { speechTextMaxLength } from './speech-form-values';

const valid: SpeechFormValues = {
  text: 'Hello there.',
  voice_id: 'en_aria',
  speed: 1,
  format: 'mp3',
  sample_rate: 44100,
  mode: 'sync',
};

function errorsFor(values: Partial<Record<keyof SpeechFormValues, unknown>>) {
  const result = speechFormSchema.safeParse({ ...valid, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('speechFormSchema', () => {
  it('accepts a complete form', () => {
    expect(speechFormSchema.parse(valid)).toEqual(valid);
  });

  it('requires text, with the contract’s message', () => {
    expect(errorsFor({ text: '' })).toEqual({ text: 'text must not be empty' });
  });

  it('limits text to the service’s 5000 characters, counted as code points', () => {
    expect(errorsFor({ text: 'a'.repeat(speechTextMaxLength) })).toEqual({});
    expect(errorsFor({ text: '😀'.repeat(speechTextMaxLength) })).toEqual({});
    expect(errorsFor({ text: 'a'.repeat(speechTextMaxLength + 1) })).toEqual({
      text: 'text must be at most 5000 characters',
    });
  });

  it.each([
    [0.49, false],
    [0.5, true],
    [2, true],
    [2.01, false],
  ])('speed %s valid: %s', (speed, ok) => {
    expect(errorsFor({ speed })).toEqual(ok ? {} : { speed: 'speed must be between 0.5 and 2.0' });
  });

  it('takes only the contract’s formats', () => {
    for (const format of ['mp3', 'wav', 'ogg']) expect(errorsFor({ format })).toEqual({});
    expect(errorsFor({ format: 'flac' })).toEqual({
      format: 'format must be one of mp3, wav, ogg',
    });
  });

  it('bounds the sample rate to whole Hz from 8000 to 48000', () => {
    expect(errorsFor({ sample_rate: 8000 })).toEqual({});
    expect(errorsFor({ sample_rate: 48000 })).toEqual({});
    expect(errorsFor({ sample_rate: 7999 })).toEqual({
      sample_rate: 'sample_rate must be at least 8000 Hz',
    });
    expect(errorsFor({ sample_rate: 48001 })).toEqual({
      sample_rate: 'sample_rate must be at most 48000 Hz',
    });
    expect(errorsFor({ sample_rate: 22050.5 })).toEqual({
      sample_rate: 'sample_rate must be a whole number of Hz',
    });
  });

  it('requires a voice and a known mode', () => {
    expect(errorsFor({ voice_id: '' })).toEqual({ voice_id: 'voice_id must not be empty' });
    expect(Object.keys(errorsFor({ mode: 'later' }))).toEqual(['mode']);
  });
});
