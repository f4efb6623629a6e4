import { describe, expect, it } from 'vitest';
import { belowMinimum, renderScores, scoreModules } from './mutation-scores';

const mutants = (counts: Record<string, number>) =>
  Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));

describe('mutation scores', () => {
  const scores = scoreModules({
    files: {
      'server/b.ts': { mutants: mutants({ Killed: 16, Timeout: 1, Survived: 2, NoCoverage: 1 }) },
      'server/a.ts': { mutants: mutants({ Killed: 8, Survived: 2, CompileError: 5, Ignored: 3 }) },
      'server/none.ts': { mutants: mutants({ CompileError: 2 }) },
    },
  });

  it('counts killed and timed-out mutants over those that ran, uncovered ones as surviving', () => {
    expect(scores).toEqual([
      { file: 'server/a.ts', killed: 8, timeout: 0, survived: 2, noCoverage: 0, score: 80 },
      { file: 'server/b.ts', killed: 16, timeout: 1, survived: 2, noCoverage: 1, score: 85 },
      { file: 'server/none.ts', killed: 0, timeout: 0, survived: 0, noCoverage: 0, score: null },
    ]);
  });

  it('holds a module under 85 % to fail, and one at 85 % or without mutants to pass', () => {
    expect(belowMinimum(scores).map((m) => m.file)).toEqual(['server/a.ts']);
  });

  it('writes one table row a module, with the run’s time and commit', () => {
    const table = renderScores(scores, '2026-12-02T14:05:00.000Z', 'abcdef0123');
    expect(table).toContain('Run 2026-12-02 14:05 UTC at abcdef0');
    expect(table).toContain('| `server/a.ts` | 80 % | 8 | 0 | 2 | 0 | **no** |');
    expect(table).toContain('| `server/b.ts` | 85 % | 16 | 1 | 2 | 1 | yes |');
  });
});
