import * as prettier from 'prettier';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchResults } from './run';
import type { BenchTable, RecordedResult } from './types';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function renderTable(table: BenchTable): string[] {
  const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [row(table.columns), row(table.columns.map(() => '---')), ...table.rows.map(row)];
}

/** When a module ran and how much CPU the hypervisor took meanwhile, when recorded. */
function measuredUnder(result: RecordedResult): string | null {
  if (!result.measuredAt) return null;
  const at = `${result.measuredAt.slice(0, 10)} ${result.measuredAt.slice(11, 16)} UTC`;
  const steal = result.cpuSteal;
  return steal
    ? `Run ${at}, CPU steal ${steal.mean} % on average, ${steal.peak} % at its 5 s peak.`
    : `Run ${at}.`;
}

/** The results as Markdown: the machine, then one table per module. */
export function renderSummary(output: BenchResults): string {
  const m = output.machine;
  const lines = [
    `Written ${output.generatedAt.slice(0, 10)} on ${m.cpus} × ${m.cpuModel}, ${m.totalMemGiB} GiB, Node ${m.node}, ${m.platform}.`,
  ];
  for (const [name, result] of Object.entries(output.results)) {
    lines.push('', `### ${name}`, '');
    const conditions = measuredUnder(result);
    if (conditions) lines.push(conditions, '');
    lines.push('| Figure | Value | Target | Pass |', '| --- | --- | --- | --- |');
    for (const row of result.summary) {
      const pass = row.pass === undefined ? '' : row.pass ? 'yes' : '**no**';
      lines.push(
        `| ${cell(row.label)} | ${cell(row.value)} | ${cell(row.target ?? '')} | ${pass} |`,
      );
    }
    for (const table of [...(result.table ? [result.table] : []), ...(result.tables ?? [])]) {
      lines.push('', ...(table.title ? [table.title, ''] : []), ...renderTable(table));
    }
  }
  return lines.join('\n');
}

/**
 * Replaces what is between `<!-- NAME:start -->` and `<!-- NAME:end -->` in docs/benchmarks.md;
 * leaves the file alone without them.
 */
export async function writeBetweenMarkers(
  rootDir: string,
  name: string,
  body: string,
): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const readme = path.join(rootDir, 'docs', 'benchmarks.md');
  const text = readFileSync(readme, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.log(`docs/benchmarks.md has no ${start} … ${end} markers: summary not written`);
    return;
  }
  const updated = `${text.slice(0, from + start.length)}\n\n${body}\n\n${text.slice(to)}`;
  // Formatted as the repo formats it, so `npm run format:check` stays green after a bench run.
  const config = await prettier.resolveConfig(readme);
  writeFileSync(readme, await prettier.format(updated, { ...config, filepath: readme }));
  console.log(`updated the ${name} summary in docs/benchmarks.md`);
}

/** The bench's tables, between the bench markers of docs/benchmarks.md. */
export async function writeSummary(rootDir: string, output: BenchResults): Promise<void> {
  await writeBetweenMarkers(rootDir, 'bench', renderSummary(output));
}
