import type { Context } from 'hono';

/** 429 in plain words, for scripts and the password form alike (the form renders its own page). */
export function tooManyAttempts(c: Context, retryAfterSeconds: number): Response {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return c.text(
    `Too many failed sign-in attempts from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    429,
    { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' },
  );
}
