/** The parts of Stryker's JSON report (mutation-testing-report-schema) that scores are made of. */
export interface MutationReport {
  files: Record<string, { mutants: Array<{ status: string }> }>;
}

export interface ModuleScore {
  file: string;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Killed or timed out, over every mutant that compiled and ran; null when there was none. */
  score: number | null;
}

/** A module's score as kept: with the run it came from. */
export interface RecordedScore extends ModuleScore {
  measuredAt: string;
  commit: string;
}

/** bench/mutation.json. */
export interface RecordedScores {
  minimumScore: number;
  modules: RecordedScore[];
}

/** A module must kill at least this share of its mutants (issue 40). */
export const minimumScore = 85;

/**
 * Each module's score as Stryker's "total" column counts it: a mutant that no test covers counts
 * as surviving; one that does not compile, or was ignored, does not count.
 */
export function scoreModules(report: MutationReport): ModuleScore[] {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const count = (status: string) => mutants.filter((m) => m.status === status).length;
    const killed = count('Killed');
    const timeout = count('Timeout');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    const valid = killed + timeout + survived + noCoverage;
    const score = valid === 0 ? null : Math.round(((killed + timeout) / valid) * 1000) / 10;
    return { file, killed, timeout, survived, noCoverage, score };
  });
}

/** A run's scores over the kept ones: a module measured again is replaced, the others stay. */
export function mergeScores(
  kept: RecordedScores,
  measured: readonly ModuleScore[],
  run: { measuredAt: string; commit: string },
): RecordedScores {
  const modules = new Map(kept.modules.map((m) => [m.file, m]));
  for (const m of measured) modules.set(m.file, { ...m, ...run });
  return {
    minimumScore,
    modules: [...modules.values()].sort((a, b) => a.file.localeCompare(b.file)),
  };
}

/** The modules below the minimum (a module without mutants is not one). */
export function belowMinimum(scores: readonly ModuleScore[]): ModuleScore[] {
  return scores.filter((module) => module.score !== null && module.score < minimumScore);
}

/** The scores as the Markdown table docs/benchmarks.md keeps. */
export function renderScores(scores: readonly RecordedScore[]): string {
  const rows = scores.map((m) => {
    const pass = m.score !== null && m.score >= minimumScore ? 'yes' : '**no**';
    const run = `${m.measuredAt.slice(0, 10)} ${m.measuredAt.slice(11, 16)}, ${m.commit.slice(0, 7)}`;
    return `| \`${m.file}\` | ${m.score ?? '–'} % | ${m.killed} | ${m.timeout} | ${m.survived} | ${m.noCoverage} | ${run} | ${pass} |`;
  });
  return [
    `At least ${minimumScore} % of each module's mutants killed. Times are UTC.`,
    '',
    '| Module | Score | Killed | Timed out | Survived | No test ran | Run | Pass |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
