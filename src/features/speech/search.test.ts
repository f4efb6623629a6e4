// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { speechSearchSchema } from './search';

describe('speechSearchSchema', () => {
  it('reads the tab, the voice and the history’s search and filters', () => {
    expect(
      speechSearchSchema.parse({
        tab: 'extend',
        voice: 'en_aria',
        hq: 'morning',
        hkind: 'async',
        hsource: 'client',
      }),
    ).toEqual({
      tab: 'extend',
      voice: 'en_aria',
      hq: 'morning',
      hkind: 'async',
      hsource: 'client',
    });
  });

  it('opens the speech tab with no filter when the URL has none', () => {
    expect(speechSearchSchema.parse({})).toEqual({ tab: 'speech' });
    expect(speechSearchSchema.parse(undefined)).toEqual({ tab: 'speech' });
  });

  it('drops values it does not know, field by field', () => {
    expect(
      speechSearchSchema.parse({ tab: 'x', hq: 42, hkind: 'sync', hsource: 'me', voice: '' }),
    ).toEqual({ tab: 'speech' });
    expect(speechSearchSchema.parse({ hq: '', hkind: 'extend' })).toEqual({
      tab: 'speech',
      hkind: 'extend',
    });
  });

  it('cuts a search longer than 200 characters to its start', () => {
    const long = 'a'.repeat(150) + 'b'.repeat(100);
    expect(speechSearchSchema.parse({ hq: long }).hq).toBe(long.slice(0, 200));
  });
});
