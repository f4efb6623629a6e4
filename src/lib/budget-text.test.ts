import { describe, expect, it } from 'vitest';
import { dayMonthText, resetDay } from './budget-text';

describe('budget dates', () => {
  it('names the day a month of budgets starts again, in UTC', () => {
    expect(resetDay('2027-01-01T00:00:00Z')).toBe('1 January');
    expect(resetDay('2027-01-01T00:00:00Z', true)).toBe('1 January 2027');
    // Just past midnight UTC is still the 1st, wherever the reader is.
    expect(resetDay('2026-12-01T00:00:00.001Z', true)).toBe('1 December 2026');
  });

  it('writes every month as the en-GB long date does', () => {
    const local = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    const utc = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      timeZone: 'UTC',
    });
    for (let month = 0; month < 12; month++) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 23, 30);
        expect(dayMonthText(date, { year: true })).toBe(local.format(date));
        expect(dayMonthText(date, { utc: true })).toBe(utc.format(date));
      }
    }
  });
});
