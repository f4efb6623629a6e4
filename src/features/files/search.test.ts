// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filesSearchSchema } from './search';

describe('filesSearchSchema', () => {
  it('reads the search, the purpose and the source', () => {
    expect(
      filesSearchSchema.parse({ q: 'cover', purpose: 'image-input', source: 'client' }),
    ).toEqual({ q: 'cover', purpose: 'image-input', source: 'client' });
  });

  it('has no filter when the URL has none', () => {
    expect(filesSearchSchema.parse({})).toEqual({});
    expect(filesSearchSchema.parse(null)).toEqual({});
  });

  it('drops values it does not know, field by field', () => {
    expect(filesSearchSchema.parse({ q: ['a'], purpose: 'audio', source: 'anyone' })).toEqual({});
    expect(filesSearchSchema.parse({ q: '', purpose: 'general' })).toEqual({ purpose: 'general' });
  });

  it('cuts a search longer than 200 characters to its start', () => {
    const long = 'x'.repeat(199) + 'yz';
    expect(filesSearchSchema.parse({ q: long }).q).toBe(long.slice(0, 200));
  });
});
