import { usageMeasureNames, type UsageReport } from '../../src/api/contract/usage';

const columns = ['period', 'group', 'label', ...usageMeasureNames] as const;

/**
 * One field as RFC 4180 writes it. A text a spreadsheet would run as a formula (a person's
 * name starting with `=`, `+`, `-` or `@`) is kept as text by a leading apostrophe.
 */
function field(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The report's rows as CSV: a header row, then one line per period and group (CRLF, UTF-8). */
export function usageCsv(report: UsageReport): string {
  const lines = [columns.join(',')];
  for (const row of report.rows) lines.push(columns.map((column) => field(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** "usage-2026-12-01-to-2026-12-31-by-kind-per-day.csv" */
export function usageCsvName(report: UsageReport): string {
  return `usage-${report.from}-to-${report.to}-by-${report.by}-per-${report.group_by}.csv`;
}
