import { describe, expect, it } from 'vitest';
import { maxJsonDepth, nestsDeeperThan } from './json-depth';

const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

describe('nestsDeeperThan', () => {
  it('lets the limit through and refuses one level more, in arrays and objects alike', () => {
    expect(nestsDeeperThan(nested(maxJsonDepth))).toBe(false);
    expect(nestsDeeperThan(nested(maxJsonDepth + 1))).toBe(true);
    let object: unknown = { leaf: 1 };
    for (let i = 1; i < 3; i++) object = { child: object, sibling: [] };
    expect(nestsDeeperThan(object, 3)).toBe(false);
    expect(nestsDeeperThan({ wrap: object }, 3)).toBe(true);
  });

  it('tests a body nested 100,000 levels without running out of stack', () => {
    expect(nestsDeeperThan(nested(100_000))).toBe(true);
  });

  it('finds the deep branch beside shallow ones, and takes scalars as no depth', () => {
    expect(nestsDeeperThan({ a: 1, b: [1, 2], c: { d: [[[]]] } }, 4)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [1, 2], c: { d: [[]] } }, 4)).toBe(false);
    for (const scalar of [null, 0, 'text', true]) expect(nestsDeeperThan(scalar, 0)).toBe(false);
  });
});
