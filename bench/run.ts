import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeSummary } from './summary';
import { startStealMeter } from './support/cpu-steal';
import type { BenchModule, RecordedResult } from './types';

/** In the order they run: each one has the machine to itself. */
const modules = [
  'bundle',
  'emulator',
  'emulator-timings',
  'streaming-memory',
  'page-load',
  'voices-10k',
  'jobs-board',
  'history-polling',
  'history-list',
  'usage',
  'notifications',
  'replicas',
  'jobs-board-10k',
  'clip-analysis',
  'lighthouse',
];

export interface BenchResults {
  generatedAt: string;
  machine: { cpus: number; cpuModel: string; totalMemGiB: number; node: string; platform: string };
  results: Record<string, RecordedResult>;
}

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const rootDir = path.dirname(benchDir);
const resultsFile = path.join(benchDir, 'results.json');

function parseArgs(argv: string[]) {
  const quick = argv.includes('--quick');
  const onlyIndex = argv.indexOf('--only');
  const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const list = onlyArg ?? (onlyIndex >= 0 ? argv[onlyIndex + 1] : undefined);
  const only = list ? list.split(',').map((name) => name.trim()) : undefined;
  const unknown = only?.filter((name) => !modules.includes(name)) ?? [];
  if (unknown.length) throw new Error(`unknown benchmark(s): ${unknown.join(', ')}`);
  return { quick, only };
}

function readPrevious(): BenchResults['results'] {
  if (!existsSync(resultsFile)) return {};
  try {
    return (JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResults).results ?? {};
  } catch {
    return {};
  }
}

async function main() {
  const { quick, only } = parseArgs(process.argv.slice(2));
  const results = readPrevious();
  let failed = false;
  for (const name of only ?? modules) {
    const file = path.join(benchDir, `${name}.ts`);
    if (!existsSync(file)) {
      console.log(`[${name}] skipped: bench/${name}.ts does not exist yet`);
      continue;
    }
    const log = (line: string) => console.log(`[${name}] ${line}`);
    log(quick ? 'running (quick)…' : 'running…');
    const started = performance.now();
    const steal = startStealMeter();
    try {
      const mod = (await import(pathToFileURL(file).href)) as BenchModule;
      const result = await mod.run({ rootDir, log, quick });
      const cpuSteal = steal.stop();
      results[name] = { ...result, measuredAt: new Date().toISOString(), cpuSteal };
      const stealText = cpuSteal ? `, CPU steal ${cpuSteal.mean} % (peak ${cpuSteal.peak} %)` : '';
      log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s${stealText}`);
    } catch (err) {
      steal.stop();
      // One broken module does not lose the others' figures.
      failed = true;
      log(`failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  }
  const cpus = os.cpus();
  const output: BenchResults = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      totalMemGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    results,
  };
  writeFileSync(resultsFile, `${JSON.stringify(output, null, 2)}\n`);
  console.log(`wrote ${path.relative(rootDir, resultsFile)}`);
  await writeSummary(rootDir, output);
  if (failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
