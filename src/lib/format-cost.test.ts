import { describe, expect, it } from 'vitest';
import { formatCost } from './format-cost';

// The reference: what the dashboard wrote with Intl before, and what a reader expects.
const intl = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

describe('formatCost', () => {
  it('writes dollars with two decimals at least and four at most', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.42)).toBe('$0.42');
    expect(formatCost(0.0035)).toBe('$0.0035');
    expect(formatCost(0.125)).toBe('$0.125');
    expect(formatCost(3)).toBe('$3.00');
    expect(formatCost(1204.5)).toBe('$1,204.50');
    expect(formatCost(1234567.891)).toBe('$1,234,567.891');
  });

  it('rounds past the fourth decimal half away from zero, carrying into the dollars', () => {
    // 92.27295 is 92.272949… in binary: toFixed would write $92.2729.
    expect(formatCost(92.27295)).toBe('$92.273');
    expect(formatCost(0.00004)).toBe('$0.00');
    expect(formatCost(1e-7)).toBe('$0.00');
    expect(formatCost(9e-7)).toBe('$0.00');
    expect(formatCost(0.99995)).toBe('$1.00');
    expect(formatCost(0.00015)).toBe('$0.0002');
    expect(formatCost(0.00005)).toBe('$0.0001');
    expect(formatCost(9.99996)).toBe('$10.00');
    expect(formatCost(999.99999)).toBe('$1,000.00');
  });

  it('puts the sign before the dollar, even on an amount that rounds to zero', () => {
    expect(formatCost(-2)).toBe('-$2.00');
    expect(formatCost(-0.0035)).toBe('-$0.0035');
    expect(formatCost(-0.00001)).toBe('-$0.00');
  });

  it('writes what Intl writes for any amount the service can report', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 5000; i++) {
      const scale = 10 ** Math.floor(random() * 8 - 3);
      const amount = Math.round(random() * scale * 1e6) / 1e6;
      expect(formatCost(amount), String(amount)).toBe(intl.format(amount));
      expect(formatCost(-amount), String(-amount)).toBe(intl.format(-amount));
    }
  });
});
