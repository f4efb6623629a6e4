// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCompact, formatCount, formatDecimal } from './format-number';

describe('formatCount', () => {
  it('groups thousands as English does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(18230)).toBe('18,230');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-5000)).toBe('-5,000');
  });

  it('agrees with Intl for every magnitude', () => {
    const intl = new Intl.NumberFormat('en');
    for (let n = 1; n < 1e13; n = n * 7 + 3) expect(formatCount(n)).toBe(intl.format(n));
  });
});

describe('formatDecimal', () => {
  it('keeps up to the given decimals and drops trailing zeros', () => {
    expect(formatDecimal(22.05, 3)).toBe('22.05');
    expect(formatDecimal(44.1, 3)).toBe('44.1');
    expect(formatDecimal(8, 3)).toBe('8');
    expect(formatDecimal(1234.5678, 2)).toBe('1,234.57');
    expect(formatDecimal(-0.01, 1)).toBe('0');
  });
});

describe('formatCompact', () => {
  it('writes counts as Intl compact notation with one decimal does', () => {
    const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
    const samples = [
      0, 1, 12, 950, 999, 1000, 1049, 1050, 1500, 18230, 99_949, 99_950, 999_949, 999_950,
      1_000_000, 2_345_678, 999_950_000, 1_250_000_000, 7_000_000_000_000, 12.34,
    ];
    for (const n of samples) expect(formatCompact(n), String(n)).toBe(intl.format(n));
  });
});
