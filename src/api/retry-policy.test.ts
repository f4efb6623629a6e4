import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  defaultRetryPolicy,
  isRetryableStatus,
  parseRetryAfter,
} from './retry-policy';

describe('retry policy', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('doubles the backoff ceiling per attempt up to the maximum', () => {
    const always = () => 1;
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, defaultRetryPolicy, always))).toEqual([
      400, 800, 1600, 3200, 8000,
    ]);
    expect(backoffDelay(2, defaultRetryPolicy, () => 0)).toBe(0);
  });

  it('retries only what the service may answer differently next time', () => {
    expect([429, 408, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 413, 422].some(isRetryableStatus)).toBe(false);
  });
});
