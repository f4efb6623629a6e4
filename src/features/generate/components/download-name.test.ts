// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '../extract-media';
import { downloadName } from './download-name';

const item = (url: string, extra: Partial<MediaItem> = {}): MediaItem => ({
  url,
  kind: 'image',
  path: 'url',
  ...extra,
});

describe('downloadName', () => {
  it("uses the URL's last path segment when it names a file", () => {
    expect(downloadName(item('https://x/media/gen_1-0.png?sig=1'), 'Image', 1)).toBe('gen_1-0.png');
    expect(downloadName(item('https://x/a%20b.webp'), 'Image', 1)).toBe('a b.webp');
  });

  it('falls back to <label>-<n>.<ext>, the extension from the content type or kind', () => {
    expect(downloadName(item('https://x/files/abc'), 'Image generation', 2)).toBe(
      'image-generation-2.png',
    );
    expect(downloadName(item('https://x/', { contentType: 'image/jpeg' }), 'Out', 1)).toBe(
      'out-1.jpg',
    );
    expect(
      downloadName(item('https://x/v', { kind: 'video', contentType: 'video/webm' }), 'Clip', 3),
    ).toBe('clip-3.webm');
    expect(
      downloadName(item('https://x/a', { kind: 'audio', contentType: 'audio/mpeg' }), '!', 1),
    ).toBe('output-1.mp3');
  });

  it('replaces characters a file system refuses and survives bad escapes', () => {
    expect(downloadName(item('https://x/a%3Ab.png'), 'L', 1)).toBe('a_b.png');
    expect(downloadName(item('https://x/%E0%A4%A.png'), 'L', 4)).toBe('l-4.png');
  });
});
