// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generateSearchSchema, historyQueryMax } from './search';

const parse = (search: unknown) => generateSearchSchema.parse(search);

describe('generateSearchSchema', () => {
  it('opens the image tab, unfiltered, without a search', () => {
    expect(parse({})).toEqual({ tab: 'image' });
    expect(parse(undefined)).toEqual({ tab: 'image' });
  });

  it('reads the tab and the history filters', () => {
    expect(parse({ tab: 'video', hq: 'owl', hstatus: 'failed', hsource: 'client' })).toEqual({
      tab: 'video',
      hq: 'owl',
      hstatus: 'failed',
      hsource: 'client',
    });
  });

  it('drops each bad value on its own, keeping the rest', () => {
    expect(parse({ tab: 'audio', hq: 42, hstatus: 'running', hsource: 'me' })).toEqual({
      tab: 'image',
    });
    expect(parse({ tab: 'video', hq: ['a'], hstatus: 'succeeded' })).toEqual({
      tab: 'video',
      hstatus: 'succeeded',
    });
  });

  it('drops an empty search', () => {
    expect(parse({ hq: '' })).toEqual({ tab: 'image' });
  });

  it('cuts a long search to its start', () => {
    const long = 'x'.repeat(historyQueryMax + 50);
    expect(parse({ hq: long }).hq).toBe('x'.repeat(historyQueryMax));
  });
});
