// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countWarning, datasetWarnings, durationWarning } from './recommendations';

describe('countWarning', () => {
  it('accepts the bounds and warns just outside them', () => {
    expect(countWarning('voice', 3)).toBeNull();
    expect(countWarning('voice', 10)).toBeNull();
    expect(countWarning('voice', 2)).toBe('2 clips: fewer than the recommended 3 to 10.');
    expect(countWarning('voice', 11)).toBe('11 clips: more than the recommended 3 to 10.');
    expect(countWarning('music', 9)).toBe('9 tracks: fewer than the recommended 10 to 25.');
    expect(countWarning('music', 25)).toBeNull();
    expect(countWarning('video', 8)).toBeNull();
    expect(countWarning('video', 21)).toBe('21 clips: more than the recommended 8 to 20.');
  });

  it('says nothing about an empty list (the form asks for one instead)', () => {
    expect(countWarning('voice', 0)).toBeNull();
  });
});

describe('durationWarning', () => {
  it.each([
    ['voice', 5, null],
    ['voice', 30, null],
    ['voice', 4.99, 'Shorter than the recommended 5 to 30 s.'],
    ['voice', 30.01, 'Longer than the recommended 5 to 30 s.'],
    ['music', 30, null],
    ['music', 120.5, 'Longer than the recommended 30 to 120 s.'],
    ['video', 3, null],
    ['video', 2.9, 'Shorter than the recommended 3 to 10 s.'],
    ['video', 10, null],
  ] as const)('%s clip of %s s → %s', (form, seconds, expected) => {
    expect(durationWarning(form, seconds)).toBe(expected);
  });

  it('does not judge an unknown length', () => {
    expect(durationWarning('voice', undefined)).toBeNull();
    expect(durationWarning('voice', Number.NaN)).toBeNull();
  });
});

describe('datasetWarnings', () => {
  it('combines the count and the items outside the length range', () => {
    expect(datasetWarnings('voice', [6, 2, undefined])).toEqual([
      '1 of 3 clips outside the recommended 5 to 30 s.',
    ]);
    expect(datasetWarnings('music', [10, 200])).toEqual([
      '2 tracks: fewer than the recommended 10 to 25.',
      '2 of 2 tracks outside the recommended 30 to 120 s.',
    ]);
    expect(datasetWarnings('video', Array(8).fill(5))).toEqual([]);
  });
});
