import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchModule } from './types';

/** Runs one benchmark module alone and prints its result: `tsx bench/try-module.ts page-load --quick`. */
const [name, ...flags] = process.argv.slice(2);
if (!name || !/^[\w-]+$/.test(name)) {
  console.error('usage: tsx bench/try-module.ts <module> [--quick]');
  process.exit(2);
}
const rootDir = resolve(import.meta.dirname, '..');
const started = performance.now();
const mod = (await import(
  pathToFileURL(resolve(rootDir, 'bench', `${name}.ts`)).href
)) as BenchModule;
const result = await mod.run({
  rootDir,
  quick: flags.includes('--quick'),
  log: (line) => console.log(`[${name}] ${line}`),
});
console.log(JSON.stringify(result, null, 2));
console.log(`[${name}] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
