import { describe, expect, it } from 'vitest';
import { extractMedia } from './extract-media';

const origin = window.location.origin;

describe('extractMedia', () => {
  it('takes the outputs of the emulator and leaves the rest', () => {
    const data = {
      id: 'gen_1',
      tool: 'flux',
      status: 'completed',
      prompt: 'a red fox',
      created_at: '2025-01-01T00:00:00Z',
      outputs: [
        { url: '/media/gen_1-0.png', content_type: 'image/png', width: 1024, height: 768 },
        {
          url: 'https://cdn.example.com/gen_1-1.mp4',
          content_type: 'video/mp4',
          width: 1280,
          height: 720,
          duration: 5,
        },
      ],
    };
    const { media, rest } = extractMedia(data);
    expect(media).toEqual([
      {
        url: `${origin}/media/gen_1-0.png`,
        kind: 'image',
        contentType: 'image/png',
        width: 1024,
        height: 768,
        path: 'outputs[0].url',
      },
      {
        url: 'https://cdn.example.com/gen_1-1.mp4',
        kind: 'video',
        contentType: 'video/mp4',
        width: 1280,
        height: 720,
        durationS: 5,
        path: 'outputs[1].url',
      },
    ]);
    expect(rest).toEqual({
      id: 'gen_1',
      tool: 'flux',
      status: 'completed',
      prompt: 'a red fox',
      created_at: '2025-01-01T00:00:00Z',
    });
  });

  it('keeps an output object whose other facts are not shown as media, with its context', () => {
    const data = {
      outputs: [{ url: '/v.mp4', content_type: 'video/mp4', duration: 2, fps: 24 }],
    };
    const { media, rest } = extractMedia(data);
    expect(media).toHaveLength(1);
    expect(rest).toEqual({ outputs: [{ content_type: 'video/mp4', duration: 2, fps: 24 }] });
  });

  it('finds URLs in shapes it has never seen', () => {
    const { media, rest } = extractMedia({ result: { images: [{ href: 'https://x/a.png' }] } });
    expect(media).toEqual([
      { url: 'https://x/a.png', kind: 'image', path: 'result.images[0].href' },
    ]);
    expect(rest).toBeUndefined();
  });

  it('names the kind from the key when neither MIME type nor extension tell', () => {
    const { media } = extractMedia({
      image_url: 'https://x/1',
      images: ['https://x/2'],
      thumbnail: 'https://x/3',
      video_url: 'https://x/4',
      video: { url: 'https://x/5' },
      audioUrl: 'https://x/6',
      audio: 'https://x/7',
      link: 'https://x/8',
    });
    expect(media.map((m) => [m.path, m.kind])).toEqual([
      ['image_url', 'image'],
      ['images[0]', 'image'],
      ['thumbnail', 'image'],
      ['video_url', 'video'],
      ['video.url', 'video'],
      ['audioUrl', 'audio'],
      ['audio', 'audio'],
      ['link', 'other'],
    ]);
  });

  it('knows the kind from each file extension, ignoring case and query', () => {
    const kinds = (url: string) => extractMedia({ url }).media[0]?.kind;
    for (const ext of ['png', 'jpg', 'jpeg', 'webp', 'gif', 'avif']) {
      expect(kinds(`https://x/a.${ext}`)).toBe('image');
    }
    for (const ext of ['mp4', 'webm', 'mov', 'm4v'])
      expect(kinds(`https://x/a.${ext}`)).toBe('video');
    for (const ext of ['mp3', 'wav', 'ogg', 'm4a', 'flac', 'aac', 'opus']) {
      expect(kinds(`https://x/a.${ext}`)).toBe('audio');
    }
    expect(kinds('https://x/A.PNG?sig=abc.mp3#t')).toBe('image');
    expect(kinds('https://x/report.pdf')).toBe('other');
  });

  it('trusts a sibling MIME type over the extension and the key', () => {
    const { media } = extractMedia({
      a: { image_url: 'https://x/a.png', content_type: 'video/mp4' },
      b: { url: 'https://x/b', contentType: 'audio/mpeg' },
      c: { url: 'https://x/c', mime_type: 'image/webp' },
      d: { url: 'https://x/d', mimeType: 'video/webm' },
      e: { url: 'https://x/e', type: 'image/gif' },
    });
    expect(media.map((m) => [m.kind, m.contentType])).toEqual([
      ['video', 'video/mp4'],
      ['audio', 'audio/mpeg'],
      ['image', 'image/webp'],
      ['video', 'video/webm'],
      ['image', 'image/gif'],
    ]);
  });

  it('lets the extension decide when the MIME type is generic, and reads type: "image"', () => {
    const { media } = extractMedia({
      a: { url: 'https://x/a.mp4', content_type: 'application/octet-stream' },
      b: { url: 'https://x/b', type: 'image' },
    });
    expect(media.map((m) => [m.kind, m.contentType])).toEqual([
      ['video', 'application/octet-stream'],
      ['image', undefined],
    ]);
  });

  it('carries width, height and duration in seconds from siblings', () => {
    const { media } = extractMedia({
      a: { url: 'https://x/a.mp4', width: 640, height: 360, duration_s: 3.5 },
      b: { url: 'https://x/b.mp4', width: 'wide', duration: -1 },
    });
    expect(media[0]).toMatchObject({ width: 640, height: 360, durationS: 3.5 });
    expect(media[1]).not.toHaveProperty('width');
    expect(media[1]).not.toHaveProperty('durationS');
  });

  it('refuses javascript:, data: and blob: values, which stay text in the rest', () => {
    const data = {
      a: 'javascript:alert(1)',
      b: 'data:image/png;base64,AAAA',
      c: 'blob:https://x/1',
      d: 'JavaScript:alert(1)//.png',
    };
    const { media, rest } = extractMedia(data);
    expect(media).toEqual([]);
    expect(rest).toEqual(data);
  });

  it('resolves root-relative paths against the origin and leaves other strings alone', () => {
    const { media, rest } = extractMedia({
      a: '/media/x.wav',
      b: '//cdn.example.com/y.png',
      c: 'media/z.png',
      d: 'see https://x/a.png',
      e: '/ not a path',
    });
    expect(media.map((m) => m.url)).toEqual([
      `${origin}/media/x.wav`,
      `${new URL(origin).protocol}//cdn.example.com/y.png`,
    ]);
    expect(rest).toEqual({ c: 'media/z.png', d: 'see https://x/a.png', e: '/ not a path' });
  });

  it('never treats the prompt as media, even when it is a bare URL', () => {
    const data = {
      prompt: 'https://x/cat.png',
      negative_prompt: ['https://x/dog.png'],
      parameters: { prompt: 'like https://x/cat.png' },
    };
    const { media, rest } = extractMedia(data);
    expect(media).toEqual([]);
    expect(rest).toEqual(data);
  });

  it('survives cycles, marking them in the rest', () => {
    const data: Record<string, unknown> = { id: 'g', url: 'https://x/a.png' };
    data.self = data;
    data.list = [data];
    const { media, rest } = extractMedia(data);
    expect(media.map((m) => m.url)).toEqual(['https://x/a.png']);
    expect(rest).toEqual({ id: 'g', self: '[circular]', list: ['[circular]'] });
    expect(() => JSON.stringify(rest)).not.toThrow();
  });

  it('shows a shared (not cyclic) object twice in the rest', () => {
    const shared = { seed: 1 };
    expect(extractMedia({ a: shared, b: shared }).rest).toEqual({ a: shared, b: shared });
  });

  it('deduplicates by URL, keeping the first path and learning from later ones', () => {
    const { media, rest } = extractMedia({
      links: ['https://x/a'],
      outputs: [{ url: 'https://x/a', content_type: 'image/png', width: 8 }],
      again: { url: 'https://x/a' },
    });
    expect(media).toEqual([
      { url: 'https://x/a', kind: 'image', contentType: 'image/png', width: 8, path: 'links[0]' },
    ]);
    expect(rest).toBeUndefined();
  });

  it('stops looking for media past the depth limit, keeping deep values as data', () => {
    let deep: unknown = { url: 'https://x/deep.png' };
    for (let i = 0; i < 10; i++) deep = { next: deep };
    const { media, rest } = extractMedia({ shallow: 'https://x/a.png', deep });
    expect(media.map((m) => m.url)).toEqual(['https://x/a.png']);
    expect(JSON.stringify(rest)).toContain('https://x/deep.png');
  });

  it('stops at 100 media items; the others stay in the rest', () => {
    const urls = Array.from({ length: 105 }, (_, i) => `https://x/${i}.png`);
    const { media, rest } = extractMedia({ images: urls });
    expect(media).toHaveLength(100);
    expect(rest).toEqual({ images: urls.slice(100) });
  });

  it('keeps empty values it did not empty itself, and turns bigints into text', () => {
    const { rest } = extractMedia({ errors: [], meta: {}, seed: 12n, url: 'https://x/a.png' });
    expect(rest).toEqual({ errors: [], meta: {}, seed: '12' });
  });

  it('accepts any value at the top', () => {
    expect(extractMedia('https://x/a.png')).toEqual({
      media: [{ url: 'https://x/a.png', kind: 'image', path: '' }],
      rest: undefined,
    });
    expect(extractMedia(null)).toEqual({ media: [], rest: null });
    expect(extractMedia(undefined)).toEqual({ media: [], rest: undefined });
    expect(extractMedia(['https://x/a.mp3', 3]).rest).toEqual([3]);
  });

  it('quotes keys that are not identifiers in the path', () => {
    const { media } = extractMedia({ 'image-set': { '0': 'https://x/a.png' } });
    expect(media[0]?.path).toBe('["image-set"]["0"]');
  });
});
