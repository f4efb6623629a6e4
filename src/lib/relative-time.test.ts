// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-21T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('speaks in the largest unit that fits', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(120), now)).toBe('2 min ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 h ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(4 * 86400), now)).toBe('4 days ago');
  });

  it('gives the date past a month, and the text itself when it is not a date', () => {
    expect(relativeTime(ago(90 * 86400), now)).not.toMatch(/ago/);
    expect(relativeTime('not a date', now)).toBe('not a date');
  });

  it('never says a time in the future is past', () => {
    expect(relativeTime(new Date(now + 60_000).toISOString(), now)).toBe('just now');
  });
});
