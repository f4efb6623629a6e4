// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-url';

describe('safeHttpUrl', () => {
  const base = 'http://localhost:8787/voices';

  it('keeps http(s) URLs and resolves relative ones against a given base', () => {
    expect(safeHttpUrl('https://cdn.example.com/a.mp3', base)).toBe(
      'https://cdn.example.com/a.mp3',
    );
    expect(safeHttpUrl('/api/v1/media/x.mp3', base)).toBe(
      'http://localhost:8787/api/v1/media/x.mp3',
    );
    expect(safeHttpUrl('/media/x.wav', 'http://h/files')).toBe('http://h/media/x.wav');
    expect(safeHttpUrl('https://x.test/a.zip')).toBe('https://x.test/a.zip');
  });

  it('refuses every other scheme and empty values', () => {
    expect(safeHttpUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeHttpUrl('data:audio/mpeg;base64,AAAA', base)).toBeNull();
    expect(safeHttpUrl('data:image/png;base64,AA')).toBeNull();
    expect(safeHttpUrl('blob:http://localhost/x', base)).toBeNull();
    expect(safeHttpUrl('', base)).toBeNull();
    expect(safeHttpUrl(null, base)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });

  it('refuses relative and malformed URLs when there is no base', () => {
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl('/api/v1/media/x.mp3')).toBeNull();
  });
});
