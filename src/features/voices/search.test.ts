// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { voicesSearchSchema } from './search';

describe('voicesSearchSchema', () => {
  it('fills defaults for an empty URL', () => {
    expect(voicesSearchSchema.parse({})).toEqual({ scope: 'all', sort: 'usage' });
  });

  it('keeps valid values', () => {
    const search = {
      scope: 'custom',
      language: 'fr',
      q: 'calm',
      gender: 'male',
      tags: ['narration', 'deep'],
      sort: 'name',
    };
    expect(voicesSearchSchema.parse(search)).toEqual(search);
  });

  it('falls back per field instead of failing the page', () => {
    expect(
      voicesSearchSchema.parse({
        scope: 'secret',
        language: 'xx',
        q: 'x'.repeat(500),
        gender: 'robot',
        tags: 'not-an-array',
        sort: 'random',
      }),
    ).toEqual({ scope: 'all', sort: 'usage' });
  });

  it('drops a tag list that is too long or has oversized tags', () => {
    expect(voicesSearchSchema.parse({ tags: ['t'.repeat(51)] }).tags).toBeUndefined();
    expect(
      voicesSearchSchema.parse({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }).tags,
    ).toBeUndefined();
  });
});
