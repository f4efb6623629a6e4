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

/** A module must kill at least this share of its mutants (issue 40). */
export const minimumScore = 85;

/**
 * Each module's score as Stryker's "total" column counts it: a mutant that no test covers counts
 * as surviving; one that does not compile, or was ignored, does not count.
 */
export function scoreModules(report: MutationReport): ModuleScore[] {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const count = (status: string) => mutants.filter((m) => m.status === status).length;
      const killed = count('Killed');
      const timeout = count('Timeout');
      const survived = count('Survived');
      const noCoverage = count('NoCoverage');
      const valid = killed + timeout + survived + noCoverage;
      const score = valid === 0 ? null : Math.round(((killed + timeout) / valid) * 1000) / 10;
      return { file, killed, timeout, survived, noCoverage, score };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** The modules below the minimum (a module without mutants is not one). */
export function belowMinimum(scores: readonly ModuleScore[]): ModuleScore[] {
  return scores.filter((module) => module.score !== null && module.score < minimumScore);
}

/** The scores as the Markdown table docs/benchmarks.md keeps. */
export function renderScores(scores: readonly ModuleScore[], measuredAt: string, commit: string) {
  const rows = scores.map(
    (m) =>
      `| \`${m.file}\` | ${m.score ?? '–'} % | ${m.killed} | ${m.timeout} | ${m.survived} | ${m.noCoverage} | ${m.score !== null && m.score >= minimumScore ? 'yes' : '**no**'} |`,
  );
  return [
    `Run ${measuredAt.slice(0, 10)} ${measuredAt.slice(11, 16)} UTC at ${commit.slice(0, 7)}; at least ${minimumScore} % killed on each module.`,
    '',
    '| Module | Killed | Killed mutants | Timed out | Survived | No test ran | Pass |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
