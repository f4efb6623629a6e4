import { expect } from 'vitest';
import type { z } from '../api/contract/zod';

/** Values of the wrong kind for a field, and edge cases zod refuses. */
export const badValues: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  'voice',
  true,
  [],
  ['x', 1],
  {},
  { x: 1 },
];

/**
 * A hand check agrees with its schema on `value`: what the check accepts, the schema returns
 * unchanged; what the schema refuses, the check refuses (being stricter only sends a value
 * through zod).
 */
export function expectAgreement(
  schema: z.core.$ZodType,
  check: (value: unknown) => boolean,
  value: unknown,
) {
  const parsed = (schema as z.ZodMiniType).safeParse(value);
  if (check(value)) {
    expect(parsed.success, JSON.stringify(value)).toBe(true);
    expect(parsed.data).toStrictEqual(value);
  }
  if (!parsed.success) expect(check(value), JSON.stringify(value)).toBe(false);
}

/** `build(field, bad)` for each field with each wrong value. */
export function* withBadFields(fields: string[], build: (field: string, bad: unknown) => unknown) {
  for (const field of fields) for (const bad of badValues) yield build(field, bad);
}
