import { describe, expect, it } from 'vitest';
import { keepIfSame, sameItems } from './same-items';

describe('sameItems', () => {
  it('holds two lists with the same items in the same order the same', () => {
    expect(sameItems([], [])).toBe(true);
    const file = { name: 'a.wav' };
    expect(sameItems([file, 'b'], [file, 'b'])).toBe(true);
  });

  it('tells lists apart by length, order and identity', () => {
    expect(sameItems(['a'], ['a', 'b'])).toBe(false);
    expect(sameItems(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameItems([{ name: 'a.wav' }], [{ name: 'a.wav' }])).toBe(false);
    expect(sameItems([NaN], [NaN])).toBe(true);
  });
});

describe('keepIfSame', () => {
  it('keeps the list held when the new one has the same items, and takes a different one', () => {
    const held = ['a'];
    expect(keepIfSame(['a'])(held)).toBe(held);
    const next = ['a', 'b'];
    expect(keepIfSame(next)(held)).toBe(next);
  });
});
