// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sandboxQueryMax, sandboxSearchSchema } from './search';

const parse = (search: unknown) => sandboxSearchSchema.parse(search);

describe('sandboxSearchSchema', () => {
  it('is empty without a search', () => {
    expect(parse({})).toEqual({});
    expect(parse(null)).toEqual({});
  });

  it('reads the search and the language', () => {
    expect(parse({ q: 'numpy', lang: 'typescript' })).toEqual({ q: 'numpy', lang: 'typescript' });
  });

  it('drops each bad value on its own, keeping the rest', () => {
    expect(parse({ q: 7, lang: 'cobol' })).toEqual({});
    expect(parse({ q: 'zod', lang: 'Python' })).toEqual({ q: 'zod' });
    expect(parse({ q: ['a'], lang: 'python' })).toEqual({ lang: 'python' });
    expect(parse({ q: '' })).toEqual({});
  });

  it('cuts a long search to its start', () => {
    expect(parse({ q: 'y'.repeat(sandboxQueryMax + 1) }).q).toBe('y'.repeat(sandboxQueryMax));
  });
});
