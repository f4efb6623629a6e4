// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loraFormSchema, voiceFormSchema } from './form-schemas';
import { loraFormDefaults, urlLines, voiceFormDefaults } from './form-values';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success
    ? {}
    : Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

const wav = new File([new Uint8Array([1])], 'a.wav', { type: 'audio/wav' });

describe('voiceFormSchema', () => {
  const voice = (values: Partial<typeof voiceFormDefaults>) =>
    issues(voiceFormSchema.safeParse({ ...voiceFormDefaults, name: 'my_voice', ...values }));

  it('accepts URLs, local clips, or both', () => {
    expect(voice({ urls: ' https://a.example/1.wav \n\nhttp://127.0.0.1:8787/x.mp3' })).toEqual({});
    expect(voice({ clips: [wav] })).toEqual({});
  });

  it('shows the name rule as the name is typed', () => {
    expect(voice({ name: 'Bad-Name', clips: [wav] })).toEqual({
      name: 'name must use lowercase letters, digits and underscores only',
    });
    expect(voice({ name: '', clips: [wav] })).toEqual({ name: 'name must not be empty' });
    expect(voice({ name: 'a'.repeat(65), clips: [wav] })).toEqual({
      name: 'name must be at most 64 characters',
    });
    expect(voice({ name: 'a'.repeat(64), clips: [wav] })).toEqual({});
  });

  it('names the first bad URL and asks for at least one clip', () => {
    expect(voice({ urls: 'https://ok.example/a.wav\nftp://x/b.wav' })).toEqual({
      urls: '“ftp://x/b.wav” is not an absolute http(s) URL',
    });
    expect(voice({})).toEqual({
      clips: 'Add at least one reference clip: a URL or a local audio file',
    });
  });

  it('splits pasted URLs on lines', () => {
    expect(urlLines(' a \r\n\n b ')).toEqual(['a', 'b']);
  });
});

describe('loraFormSchema', () => {
  const lora = (values: Partial<ReturnType<typeof loraFormDefaults>>) =>
    issues(loraFormSchema.safeParse({ ...loraFormDefaults(), name: 'lofi', ...values }));

  it('prefills the file id from the URL and selects that source', () => {
    expect(loraFormDefaults('file_123')).toMatchObject({ source: 'file_id', file_id: 'file_123' });
    expect(loraFormDefaults()).toMatchObject({ source: 'local', file_id: '' });
  });

  it('checks only the chosen source', () => {
    expect(lora({ source: 'url', url: 'https://a.example/set.zip' })).toEqual({});
    expect(lora({ source: 'url', url: 'ftp://a.example/set.zip' })).toEqual({
      url: 'Enter an absolute http(s) URL to a zip archive',
    });
    expect(lora({ source: 'file_id', file_id: 'file_abc' })).toEqual({});
    expect(lora({ source: 'file_id', file_id: 'two words' })).toEqual({
      file_id: 'Enter a file id returned by file upload (no spaces, no scheme)',
    });
    expect(lora({ source: 'local' })).toEqual({ files: 'Add media files or one .zip archive' });
    expect(lora({ source: 'local', files: [wav] })).toEqual({});
  });

  it('refuses a zip mixed with loose files', () => {
    const zip = new File([new Uint8Array([1])], 'set.zip');
    expect(lora({ files: [zip] })).toEqual({});
    expect(lora({ files: [zip, wav] })).toEqual({
      files: 'Use one .zip archive or loose files, not both',
    });
  });

  it('applies the contract’s name rule', () => {
    expect(lora({ name: 'Lo Fi', source: 'file_id', file_id: 'f' })).toEqual({
      name: 'name must use lowercase letters, digits and underscores only',
    });
  });
});
