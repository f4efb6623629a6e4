import { describe, expect, it } from 'vitest';
import { runSpread } from './lighthouse-tables';

describe("a page's runs beside its median", () => {
  it('shows the lowest and the highest run', () => {
    expect(runSpread([97, 89, 99, 96, 98])).toBe('89–99');
  });

  it('shows one figure when every run agrees', () => {
    expect(runSpread([100, 100, 100])).toBe('100');
  });

  it('shows a dash for a page with no runs kept', () => {
    expect(runSpread([])).toBe('–');
  });

  it('says how many runs gave no figures', () => {
    expect(runSpread([97, 99, 98, 96], 1)).toBe('96–99 (1 failed)');
    expect(runSpread([], 5)).toBe('– (5 failed)');
  });
});
