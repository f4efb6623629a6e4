// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compareCodeUnits } from './compare-code-units';
import { compareNames } from './compare-text';

describe('compareCodeUnits', () => {
  it('orders ISO timestamps by time and equal text as equal', () => {
    expect(compareCodeUnits('2026-01-02T00:00:00Z', '2026-01-10T00:00:00Z')).toBe(-1);
    expect(compareCodeUnits('b', 'a')).toBe(1);
    expect(compareCodeUnits('job_1', 'job_1')).toBe(0);
  });
});

describe('compareNames', () => {
  const sorted = (names: string[]) => [...names].sort(compareNames);

  it('ignores case and accents', () => {
    expect(compareNames('Émile', 'emile')).toBe(0);
    expect(compareNames('ANNA', 'anna')).toBe(0);
    expect(sorted(['zoe', 'Émile', 'Adam', 'élise'])).toEqual(['Adam', 'élise', 'Émile', 'zoe']);
  });

  it('compares digit runs as numbers', () => {
    expect(sorted(['Voice 10', 'Voice 2', 'Voice 1', 'Voice 002b'])).toEqual([
      'Voice 1',
      'Voice 2',
      'Voice 002b',
      'Voice 10',
    ]);
    expect(compareNames('v007', 'v7')).toBe(0);
  });

  it('puts a name before the longer names it begins', () => {
    expect(compareNames('Ann', 'Anna')).toBe(-1);
    expect(compareNames('Anna', 'Ann')).toBe(1);
  });

  it('agrees with a base, numeric collator on plain names', () => {
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const names = ['Rachel', 'rachel 2', 'Rachel 10', 'Åsa', 'Asa', 'Bob', 'bob', 'Zoë', 'zoe 1'];
    for (const a of names)
      for (const b of names) expect(compareNames(a, b), `${a} / ${b}`).toBe(collator.compare(a, b));
  });
});
