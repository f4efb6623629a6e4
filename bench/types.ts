import type { StealShare } from './support/cpu-steal';

/** What every benchmark module receives from bench/run.ts. */
export interface BenchContext {
  /** The repository root (where package.json is). */
  rootDir: string;
  /** Prints one line, prefixed with the module's name. */
  log: (line: string) => void;
  /** Shorter runs, for a smoke check: the figures are not meant to be compared. */
  quick: boolean;
}

/** One line of the table in docs/benchmarks.md. */
export interface BenchFigure {
  label: string;
  value: string;
  target?: string;
  pass?: boolean;
}

/** Figures that read better side by side (one row per page, say), shown under the figures. */
export interface BenchTable {
  /** A line above the table, when a module shows several. */
  title?: string;
  columns: string[];
  rows: string[][];
}

/** What a module returns: the table lines, and its raw measurements for results.json. */
export interface BenchResult {
  summary: BenchFigure[];
  table?: BenchTable;
  /** Several tables, shown after `table`, each under its title. */
  tables?: BenchTable[];
  data: unknown;
}

/** A module's result as bench/run.ts keeps it: when it ran, and under how much CPU steal. */
export interface RecordedResult extends BenchResult {
  /** ISO time the module finished; modules re-run with --only keep their own. */
  measuredAt?: string;
  /** Percent of CPU time stolen by the hypervisor while it ran (Linux), mean and 5 s peak. */
  cpuSteal?: StealShare | null;
}

export interface BenchModule {
  run: (ctx: BenchContext) => Promise<BenchResult>;
}
