import { describe, expect, it } from 'vitest';
import { sharedAnswers } from './shared-answers';

describe('sharedAnswers', () => {
  it('reads once for questions asked together, and again once the answer is old', async () => {
    let clock = 0;
    let reads = 0;
    const answers = sharedAnswers<number>(250, () => clock);
    const read = async () => ++reads;
    expect(await Promise.all([answers.get('a', read), answers.get('a', read)])).toEqual([1, 1]);
    clock = 249;
    expect(await answers.get('a', read)).toBe(1);
    expect(await answers.get('b', read)).toBe(2);
    clock = 250;
    expect(await answers.get('a', read)).toBe(3);
  });

  it('keeps no failed answer: the next question reads again', async () => {
    const answers = sharedAnswers<string>(1_000, () => 0);
    await expect(answers.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await answers.get('k', async () => 'up')).toBe('up');
  });
});
