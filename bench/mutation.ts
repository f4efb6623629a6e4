// npm run test:mutation [-- --mutate <files>]: runs Stryker (stryker.config.mjs) and keeps each
// module's score with the bench results: bench/mutation.json, and a table in docs/benchmarks.md.
// A run over some modules keeps the others' last scores, as `npm run bench -- --only` does.
// Fails when a module kills fewer than the minimum share of its mutants.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  belowMinimum,
  mergeScores,
  minimumScore,
  renderScores,
  scoreModules,
  type MutationReport,
  type RecordedScores,
} from './mutation-scores';
import { writeBetweenMarkers } from './summary';

const root = path.resolve(import.meta.dirname, '..');
const reportFile = path.join(root, 'reports', 'mutation', 'mutation.json');
const recordFile = path.join(root, 'bench', 'mutation.json');

// The commit the run starts from: the code and tests Stryker copies into its sandbox.
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
const stryker = spawnSync(
  path.join(root, 'node_modules', '.bin', 'stryker'),
  ['run', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
if (stryker.status !== 0) {
  console.error('stryker did not complete: no scores recorded');
  process.exit(stryker.status ?? 1);
}

const report = JSON.parse(readFileSync(reportFile, 'utf8')) as MutationReport;
const earlier = existsSync(recordFile)
  ? (JSON.parse(readFileSync(recordFile, 'utf8')) as RecordedScores)
  : { minimumScore, modules: [] };
const recorded = mergeScores(earlier, scoreModules(report), {
  measuredAt: new Date().toISOString(),
  commit,
});

writeFileSync(recordFile, `${JSON.stringify(recorded, null, 2)}\n`);
await writeBetweenMarkers(root, 'mutation', renderScores(recorded.modules));

const low = belowMinimum(recorded.modules);
for (const m of low) console.error(`${m.file}: ${m.score} % killed, under ${minimumScore} %`);
process.exitCode = low.length > 0 ? 1 : 0;
