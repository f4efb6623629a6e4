/**
 * The pieces of the hand checks that stand in for zod on large or frequent answers
 * (./voice-list-check.ts, ./history-check.ts). Each answers true only for values the contract's
 * schema accepts and returns unchanged; a value one refuses goes through zod, which names the
 * issue, so being stricter than the schema costs time, never correctness.
 */

/**
 * An object zod's object schemas would copy key for key. Zod drops an own `__proto__` key
 * (JSON.parse makes one from `"__proto__": …`), so such a value is left to zod to keep the
 * output identical.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    !Object.hasOwn(value, '__proto__')
  );
}

/**
 * A plain record with no key outside `keys`: what a stripping `z.object` returns as it is (it
 * leaves out keys it does not know, so a value with one is not returned unchanged).
 */
export function hasOnlyKeys(value: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const key in value) if (!keys.has(key)) return false;
  return true;
}

/** `z.number()`: finite (JSON has no other numbers, but a caller's object may). No coercion: a string is not. */
export function isNumber(value: unknown): value is number {
  return Number.isFinite(value);
}

/** `z.number().check(z.int())`: a safe integer. */
export function isInteger(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

/** `z.int().nonnegative()`: a safe integer, 0 or more. */
export function isCount(value: unknown): value is number {
  return isInteger(value) && value >= 0;
}

export function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

export function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  // Index loops: these run on long lists before the code is warm.
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

/** `z.array(item)` whose items are returned unchanged. */
export function isArrayOf(value: unknown, item: (value: unknown) => boolean): value is unknown[] {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!item(value[i])) return false;
  return true;
}
