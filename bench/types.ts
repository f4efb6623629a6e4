/** What every benchmark module receives from bench/run.ts. */
export interface BenchContext {
  /** The repository root (where package.json is). */
  rootDir: string;
  /** Prints one line, prefixed with the module's name. */
  log: (line: string) => void;
  /** Shorter runs, for a smoke check: the figures are not meant to be compared. */
  quick: boolean;
}

/** One line of the README table. */
export interface BenchFigure {
  label: string;
  value: string;
  target?: string;
  pass?: boolean;
}

/** What a module returns: the table lines, and its raw measurements for results.json. */
export interface BenchResult {
  summary: BenchFigure[];
  data: unknown;
}

export interface BenchModule {
  run: (ctx: BenchContext) => Promise<BenchResult>;
}
