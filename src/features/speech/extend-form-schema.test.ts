// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { extendFormSchema } from './extend-form-schema';
import { extendDefaults, referenceLengthWarning } from './extend-form-values';

function issues(values: Partial<typeof extendDefaults>) {
  const result = extendFormSchema.safeParse({ ...extendDefaults, text: 'Next line.', ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('extendFormSchema', () => {
  it('needs an absolute http(s) reference URL in URL mode', () => {
    expect(issues({ url: 'http://127.0.0.1:8787/api/v1/media/x/a.mp3' })).toEqual({});
    expect(issues({ url: 'ftp://example.com/a.wav' })).toEqual({
      url: 'reference_audio_url must be an absolute http(s) URL',
    });
  });

  it('needs a file in file mode, and then ignores the URL', () => {
    expect(issues({ source: 'file' })).toEqual({ file: 'Choose an audio file' });
    const file = new File([new Uint8Array([1])], 'ref.wav', { type: 'audio/wav' });
    expect(issues({ source: 'file', file })).toEqual({});
  });

  it('requires text and reports it with the reference', () => {
    expect(issues({ text: '', url: '' })).toEqual({
      text: 'text must not be empty',
      url: 'reference_audio_url must be an absolute http(s) URL',
    });
  });

  it('takes wav or mp3', () => {
    expect(issues({ url: 'https://a.example/x.wav', format: 'ogg' as 'wav' })).toEqual({
      format: 'format must be wav or mp3',
    });
  });
});

describe('referenceLengthWarning', () => {
  it('warns outside 5 to 30 seconds, never inside', () => {
    expect(referenceLengthWarning(4.9)).toMatch(/shorter/);
    expect(referenceLengthWarning(5)).toBeNull();
    expect(referenceLengthWarning(30)).toBeNull();
    expect(referenceLengthWarning(30.1)).toMatch(/longer/);
  });
});
