/**
 * The pieces of the hand checks that stand in for zod on large or frequent answers
 * (./voice-list-check.ts, ./history-check.ts, ./answer-checks.ts). Each answers true only for
 * values the contract's schema accepts and returns unchanged; a value one refuses goes through
 * zod, which names the issue, so being stricter than the schema costs time, never correctness.
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

/**
 * `z.number()`: finite (JSON has no other numbers, but a caller's object may). No coercion: a
 * string is not a number.
 */
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

type Check = (value: unknown) => boolean;

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** `z.optional(check)`: the field left out, or passing `check`. */
export const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);

/** `z.nullable(check)`. */
export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

/** `z.array(check)`, each item returned unchanged. */
export const arrayOf =
  (check: Check): Check =>
  (value) =>
    isArrayOf(value, check);

/** `z.enum(values)`. */
export function oneOf(values: readonly string[]): Check {
  const known: ReadonlySet<unknown> = new Set(values);
  return (value) => known.has(value);
}

/**
 * A stripping `z.object(shape)` that returns the value unchanged: a plain record with no key
 * outside `fields`, each field passing its check (an optional one's accepts it left out). The
 * fields are named once, so the keys the check allows are the ones it checks.
 */
export function objectOf(fields: Record<string, Check>): Check {
  const keys = new Set(Object.keys(fields));
  const fieldsPass = looseObjectOf(fields);
  return (value) => fieldsPass(value) && hasOnlyKeys(value as Record<string, unknown>, keys);
}

/** `z.looseObject(shape)`: a plain record whose named fields pass; any other key stays as it is. */
export function looseObjectOf(fields: Record<string, Check>): Check {
  const checks = Object.entries(fields);
  return (value) => {
    if (!isPlainRecord(value)) return false;
    for (let i = 0; i < checks.length; i++) {
      const [key, check] = checks[i]!;
      if (!check(value[key])) return false;
    }
    return true;
  };
}
