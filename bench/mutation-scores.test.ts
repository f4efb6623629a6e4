import { describe, expect, it } from 'vitest';
import {
  belowMinimum,
  mergeScores,
  renderScores,
  scoreModules,
  type RecordedScore,
} from './mutation-scores';

const mutants = (counts: Record<string, number>) =>
  Object.entries(counts).flatMap(([status, n]) => Array.from({ length: n }, () => ({ status })));

const run = { measuredAt: '2026-12-02T14:05:00.000Z', commit: 'abcdef0123' };

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
      { file: 'server/b.ts', killed: 16, timeout: 1, survived: 2, noCoverage: 1, score: 85 },
      { file: 'server/a.ts', killed: 8, timeout: 0, survived: 2, noCoverage: 0, score: 80 },
      { file: 'server/none.ts', killed: 0, timeout: 0, survived: 0, noCoverage: 0, score: null },
    ]);
  });

  it('holds a module under 85 % to fail, and one at 85 % or without mutants to pass', () => {
    expect(belowMinimum(scores).map((m) => m.file)).toEqual(['server/a.ts']);
  });

  it('replaces the modules a run measured and keeps the others with their own run', () => {
    const older: RecordedScore = {
      file: 'server/c.ts',
      killed: 9,
      timeout: 0,
      survived: 1,
      noCoverage: 0,
      score: 90,
      measuredAt: '2026-12-01T10:00:00.000Z',
      commit: '1234567890',
    };
    const kept = { minimumScore: 85, modules: [older, { ...older, file: 'server/a.ts' }] };
    const merged = mergeScores(kept, scores, run);
    expect(merged.modules.map((m) => [m.file, m.score, m.commit])).toEqual([
      ['server/a.ts', 80, 'abcdef0123'],
      ['server/b.ts', 85, 'abcdef0123'],
      ['server/c.ts', 90, '1234567890'],
      ['server/none.ts', null, 'abcdef0123'],
    ]);
  });

  it('writes one table row a module, with its run and whether it passes', () => {
    const table = renderScores(mergeScores({ minimumScore: 85, modules: [] }, scores, run).modules);
    expect(table).toContain(
      '| `server/a.ts` | 80 % | 8 | 0 | 2 | 0 | 2026-12-02 14:05, abcdef0 | **no** |',
    );
    expect(table).toContain(
      '| `server/b.ts` | 85 % | 16 | 1 | 2 | 1 | 2026-12-02 14:05, abcdef0 | yes |',
    );
  });
});
