import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: a session cookie's value or the body of a token. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A short random id for rows the API names (sessions, tokens, users): not a secret. */
export function randomId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * What is stored for a secret. A plain SHA-256 is enough: the secrets are 256 random bits, so
 * there is nothing to guess, and the lookup stays one indexed equality.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Compares two strings in time independent of where they differ: both are hashed first, so
 * the lengths match and neither length nor content leaks through timing.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
