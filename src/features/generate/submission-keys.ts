import { compareCodeUnits } from '../../lib/compare-code-units';

/**
 * Idempotency keys for generation submissions. A key is made per submission and kept while
 * that submission is retried (the same body sent again after a failure), so the service
 * returns the first operation instead of starting a second. Once a submission succeeds the
 * next one, even with the same settings, is a new operation with a new key.
 */

/** JSON with object keys sorted, so equal bodies compare equal whatever their key order. */
export function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => compareCodeUnits(a, b)))
      : item,
  );
}

export interface SubmissionKeys {
  /** The key for this body: the pending one when the body is what was last sent, else a new one. */
  keyFor(body: unknown): string;
  /** The submission with this key succeeded: its key is not reused. */
  succeeded(key: string): void;
}

export function createSubmissionKeys(
  newKey: () => string = () => crypto.randomUUID(),
): SubmissionKeys {
  let pending: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(body) {
      const print = fingerprint(body);
      if (pending?.fingerprint !== print) pending = { fingerprint: print, key: newKey() };
      return pending.key;
    },
    succeeded(key) {
      if (pending?.key === key) pending = null;
    },
  };
}
