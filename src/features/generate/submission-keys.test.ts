// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSubmissionKeys, fingerprint } from './submission-keys';

function counter() {
  let next = 0;
  return () => `key-${++next}`;
}

describe('createSubmissionKeys', () => {
  it('keeps the key while the same body is retried after a failure', () => {
    const keys = createSubmissionKeys(counter());
    const body = { prompt: 'a fox', tool: 'auto' };
    const first = keys.keyFor(body);
    expect(keys.keyFor({ ...body })).toBe(first);
    expect(keys.keyFor({ tool: 'auto', prompt: 'a fox' })).toBe(first);
  });

  it('makes a new key once the submission succeeded, even for the same settings', () => {
    const keys = createSubmissionKeys(counter());
    const body = { prompt: 'a fox', tool: 'auto' };
    const first = keys.keyFor(body);
    keys.succeeded(first);
    expect(keys.keyFor(body)).not.toBe(first);
  });

  it('makes a new key when the settings change', () => {
    const keys = createSubmissionKeys(counter());
    const first = keys.keyFor({ prompt: 'a fox', parameters: { seed: 1 } });
    expect(keys.keyFor({ prompt: 'a fox', parameters: { seed: 2 } })).not.toBe(first);
  });

  it('ignores the success of an older submission', () => {
    const keys = createSubmissionKeys(counter());
    const old = keys.keyFor({ prompt: 'one' });
    const current = keys.keyFor({ prompt: 'two' });
    keys.succeeded(old);
    expect(keys.keyFor({ prompt: 'two' })).toBe(current);
  });

  it('makes keys within the service limit of 240 characters by default', () => {
    const key = createSubmissionKeys().keyFor({ prompt: 'x' });
    expect(key.length).toBeGreaterThan(0);
    expect(key.length).toBeLessThanOrEqual(240);
  });
});

describe('fingerprint', () => {
  it('does not depend on key order, at any depth', () => {
    expect(fingerprint({ a: 1, b: { c: 2, d: [1, { e: 1, f: 2 }] } })).toBe(
      fingerprint({ b: { d: [1, { f: 2, e: 1 }], c: 2 }, a: 1 }),
    );
  });
});
