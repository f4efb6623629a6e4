// After `stryker run` (npm run test:mutation): keeps each module's mutation score with the bench
// results (bench/mutation.json, and a table in docs/benchmarks.md), and fails below the minimum.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  belowMinimum,
  minimumScore,
  renderScores,
  scoreModules,
  type MutationReport,
} from './mutation-scores';
import { writeBetweenMarkers } from './summary';

const root = path.resolve(import.meta.dirname, '..');
const report = JSON.parse(
  readFileSync(path.join(root, 'reports', 'mutation', 'mutation.json'), 'utf8'),
) as MutationReport;
const scores = scoreModules(report);
const measuredAt = new Date().toISOString();
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();

writeFileSync(
  path.join(root, 'bench', 'mutation.json'),
  `${JSON.stringify({ measuredAt, commit, minimumScore, modules: scores }, null, 2)}\n`,
);
await writeBetweenMarkers(root, 'mutation', renderScores(scores, measuredAt, commit));

const low = belowMinimum(scores);
for (const m of low) console.error(`${m.file}: ${m.score} % killed, under ${minimumScore} %`);
process.exitCode = low.length > 0 ? 1 : 0;
