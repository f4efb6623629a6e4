import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sanitizeFilename } from '../filename';
import { requestOrigin } from '../origin';
import { etagMatches, parseRange } from './byte-range';
import { formatIssues, issuePath } from './zod-message';

describe('formatIssues', () => {
  const schema = z.object({
    speed: z.number().max(2, 'speed must be at most 2'),
    nested: z.object({ list: z.array(z.string()) }),
    raw: z.string(),
  });

  it('names each field and rule once, with short values echoed', () => {
    const result = schema.safeParse(
      { speed: 2.5, nested: { list: ['a', 7] }, raw: 'x'.repeat(61) },
      { reportInput: true },
    );
    expect(formatIssues(result.error!.issues, 'body')).toBe(
      'speed: must be at most 2 (got 2.5); nested.list[1]: invalid input: expected string, received number (got 7)',
    );
    const missing = schema.safeParse(undefined, { reportInput: true });
    expect(formatIssues(missing.error!.issues, 'body')).toBe(
      'body: invalid input: expected object, received undefined',
    );
    expect(issuePath(['a', 0, 'b'])).toBe('a[0].b');
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=90-200', { start: 90, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=1-2,4-5', null],
    ['bytes=5-1', null],
    ['pages=1-2', null],
    ['bytes=-', null],
  ])('%s', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('finds nothing satisfiable in an empty resource', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('matches ETags weakly, in lists, and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a", "b"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });
});

describe('sanitizeFilename', () => {
  it.each([
    ['clip.wav', 'clip.wav'],
    ['/etc/passwd', 'passwd'],
    ['C:\\a\\b.png', 'b.png'],
    ['  .hidden  ', 'hidden'],
    ['a\u0000b\u001fc\u007f.txt', 'abc.txt'],
    ['rtl\u202egnp.exe', 'rtlgnp.exe'],
    ['many   spaces.txt', 'many spaces.txt'],
    ['', 'upload'],
    [undefined, 'upload'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFilename(raw)).toBe(expected);
  });

  it('keeps the extension when cutting to 200 characters', () => {
    const name = sanitizeFilename(`${'é'.repeat(250)}.flac`);
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('é.flac')).toBe(true);
  });
});

describe('requestOrigin', () => {
  const origin = async (headers: Record<string, string>, url = 'http://internal:8788/x') => {
    const app = new Hono().get('/x', (c) => c.text(requestOrigin(c)));
    return (await app.request(url, { headers })).text();
  };

  it('prefers X-Forwarded-Host/Proto, then Host, then the URL', async () => {
    expect(await origin({ 'x-forwarded-host': 'studio.test', 'x-forwarded-proto': 'https' })).toBe(
      'https://studio.test',
    );
    expect(await origin({ 'x-forwarded-host': '[::1]:5173' })).toBe('http://[::1]:5173');
    expect(await origin({ host: 'public.test:9000' })).toBe('http://public.test:9000');
    expect(await origin({})).toBe('http://internal:8788');
  });

  it('ignores malformed forwarded values instead of echoing them', async () => {
    expect(await origin({ 'x-forwarded-host': 'evil.test/<script>', host: 'ok.test' })).toBe(
      'http://ok.test',
    );
    expect(
      await origin({ 'x-forwarded-host': 'studio.test', 'x-forwarded-proto': 'javascript' }),
    ).toBe('http://studio.test');
  });
});
