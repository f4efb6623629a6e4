// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { suggestName } from './suggest-name';

describe('suggestName', () => {
  it('lowercases, strips accents and turns spaces into underscores', () => {
    expect(suggestName('Chloé’s Voice 2')).toBe('chloes_voice_2');
    expect(suggestName('Ångström  Señor')).toBe('angstrom_senor');
  });

  it('drops invalid characters and collapses or trims underscores', () => {
    expect(suggestName('  --Lo-Fi / Beats!! ')).toBe('lo_fi_beats');
    expect(suggestName('a___b')).toBe('a_b');
    expect(suggestName('日本語')).toBe('');
  });

  it('fits the 64-character limit without a trailing underscore', () => {
    const long = `${'a'.repeat(63)} b`;
    expect(suggestName(long)).toBe('a'.repeat(63));
    expect(suggestName('x'.repeat(100))).toHaveLength(64);
  });
});
