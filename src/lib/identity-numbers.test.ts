// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { identityNumbers } from './identity-numbers';

describe('identityNumbers', () => {
  it('gives the same object the same number and each new object the next', () => {
    const { numberOf } = identityNumbers<Blob>();
    const a = new Blob(['a']);
    const b = new Blob(['a']);
    expect(numberOf(a)).toBe(1);
    expect(numberOf(b)).toBe(2);
    expect(numberOf(a)).toBe(1);
  });

  it('lets a replacement carry its original’s number, and keeps each set apart', () => {
    const first = identityNumbers<object>();
    const second = identityNumbers<object>();
    const original = {};
    const trimmed = {};
    first.numberOf({});
    first.carry(original, trimmed);
    expect(first.numberOf(trimmed)).toBe(2);
    expect(first.numberOf(original)).toBe(2);
    expect(second.numberOf(original)).toBe(1);
  });
});
