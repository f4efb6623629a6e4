import type {
  DurationDistribution,
  UsageGroup,
  UsageReport,
  UsageRow,
} from '../../api/contract/usage';
import { formatCost } from '../../lib/format-cost';
import { formatCount } from '../../lib/format-number';
import { formatSpan, periodLabel } from './period-labels';

/** The colours a chart's parts take from the theme (`--chart-…` in src/app/styles.css). */
export type SeriesColor =
  | 'series-1'
  | 'series-2'
  | 'series-3'
  | 'series-4'
  | 'series-5'
  | 'series-6'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'running';
const palette: SeriesColor[] = [
  'series-1',
  'series-2',
  'series-3',
  'series-4',
  'series-5',
  'series-6',
];

export interface SeriesPart {
  label: string;
  values: number[];
  color: SeriesColor;
}

/** What one chart draws, and its table shows: a value per label and part (stacked parts). */
export interface ChartSeries {
  labels: string[];
  parts: SeriesPart[];
  format: (value: number) => string;
  /** Counts: the value axis has whole steps only. */
  whole: boolean;
}

/** Cents are whole in the totals: summing floats would show $0.30000000000000004. */
const addCost = (a: number, b: number) => Math.round((a + b) * 1e6) / 1e6;

/** The bars of one part, per period: `pick` of the rows that match, summed. */
function perPeriod(report: UsageReport, pick: (row: UsageRow) => number, group?: string) {
  const index = new Map(report.periods.map((period, i) => [period, i]));
  const values = report.periods.map(() => 0);
  for (const row of report.rows) {
    const at = index.get(row.period);
    if (at === undefined || (group !== undefined && row.group !== group)) continue;
    values[at] = addCost(values[at]!, pick(row));
  }
  return values;
}

const labelsOf = (report: UsageReport) =>
  report.periods.map((period) => periodLabel(period, report.group_by));

/**
 * Committed spend per period, one part per group of the report's dimension that spent
 * anything (most spent first, as the gateway orders them). The palette's last colour takes
 * every group past the sixth, as "Others".
 */
export function spendSeries(report: UsageReport): ChartSeries {
  const spenders = report.groups.filter((group) => group.training_cost > 0);
  const shown = spenders.length > palette.length ? spenders.slice(0, palette.length - 1) : spenders;
  const rest = spenders.slice(shown.length);
  const parts: SeriesPart[] = shown.map((group, i) => ({
    label: group.label,
    values: perPeriod(report, (row) => row.training_cost, group.group),
    color: palette[i]!,
  }));
  if (rest.length > 0) {
    const others = new Set(rest.map((group) => group.group));
    parts.push({
      label: `Others (${rest.length})`,
      values: perPeriod(report, (row) => (others.has(row.group) ? row.training_cost : 0)),
      color: palette.at(-1)!,
    });
  }
  return { labels: labelsOf(report), parts, format: formatCost, whole: false };
}

const statuses = [
  { key: 'completed', label: 'Completed' },
  { key: 'failed', label: 'Failed' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'running', label: 'Running' },
] as const;

/** Jobs per period by how they ended (or that they have not yet), every group together. */
export function statusSeries(report: UsageReport): ChartSeries {
  return {
    labels: labelsOf(report),
    parts: statuses.map(({ key, label }) => ({
      label,
      values: perPeriod(report, (row) => row[key]),
      color: key,
    })),
    format: formatCount,
    whole: true,
  };
}

/** "0 s–10 s", …, "6 h or more": a histogram's bars. */
export function bucketLabel(from: number, to: number | null): string {
  return to === null ? `${formatSpan(from)} or more` : `${formatSpan(from)}–${formatSpan(to)}`;
}

/** How many trainings waited (or ran) how long. */
export function durationSeries(distribution: DurationDistribution): ChartSeries {
  return {
    labels: distribution.buckets.map((bucket) => bucketLabel(bucket.from_s, bucket.to_s)),
    parts: [
      {
        label: 'Trainings',
        values: distribution.buckets.map((bucket) => bucket.count),
        color: 'series-1',
      },
    ],
    format: formatCount,
    whole: true,
  };
}

/** "Median 12 s, 90th percentile 40 s, of 4 trainings." */
export function durationNote(distribution: DurationDistribution): string | undefined {
  if (distribution.count === 0 || distribution.p50_s === null) return undefined;
  const p90 =
    distribution.p90_s === null ? '' : `, 90th percentile ${formatSpan(distribution.p90_s)}`;
  const of = `${formatCount(distribution.count)} training${distribution.count === 1 ? '' : 's'}`;
  return `Median ${formatSpan(distribution.p50_s)}${p90}, of ${of}.`;
}

/** Spend of each group (a person, or a token), most first; groups that spent nothing left out. */
export function groupSpendSeries(groups: readonly UsageGroup[]): ChartSeries {
  const spenders = groups.filter((group) => group.training_cost > 0);
  return {
    labels: spenders.map((group) => group.label),
    parts: [
      {
        label: 'Spend',
        values: spenders.map((group) => group.training_cost),
        color: 'series-1',
      },
    ],
    format: formatCost,
    whole: false,
  };
}

/** How many of the most used to draw: a longer tail reads better in the CSV. */
export const mostUsedShown = 10;

/** The generation tools used most, as "tool (kind)". */
export function toolSeries(tools: UsageReport['tools']): ChartSeries {
  const shown = tools.slice(0, mostUsedShown);
  return {
    labels: shown.map((tool) => `${tool.tool} (${tool.kind})`),
    parts: [{ label: 'Generations', values: shown.map((tool) => tool.count), color: 'series-2' }],
    format: formatCount,
    whole: true,
  };
}

/** The voices speech used most, by requests. */
export function voiceSeries(voices: UsageReport['voices']): ChartSeries {
  const shown = voices.slice(0, mostUsedShown);
  return {
    labels: shown.map((voice) => voice.voice_id),
    parts: [{ label: 'Requests', values: shown.map((voice) => voice.requests), color: 'series-3' }],
    format: formatCount,
    whole: true,
  };
}

/** The sum of each bar over its parts. */
export function barTotals(series: ChartSeries): number[] {
  return series.labels.map((_, i) =>
    series.parts.reduce((total, part) => addCost(total, part.values[i] ?? 0), 0),
  );
}

/** Nothing to draw: no bar above zero. */
export function isEmptySeries(series: ChartSeries): boolean {
  return series.parts.every((part) => part.values.every((value) => value === 0));
}

/**
 * The chart in words, for its `aria-label`: "Spend per day, 1–31 Dec 2026: total $42.10;
 * highest 3 Dec $12.00", with each part's total when there are several.
 */
export function seriesSummary(series: ChartSeries, title: string): string {
  if (isEmptySeries(series)) return `${title}: none`;
  const totals = barTotals(series);
  const total = totals.reduce(addCost, 0);
  const highest = totals.indexOf(Math.max(...totals));
  const split =
    series.parts.length > 1
      ? ` (${series.parts
          .map((part) => ({ label: part.label, total: part.values.reduce(addCost, 0) }))
          .filter((part) => part.total > 0)
          .map((part) => `${part.label} ${series.format(part.total)}`)
          .join(', ')})`
      : '';
  return `${title}: total ${series.format(total)}${split}; highest ${series.labels[highest]} ${series.format(totals[highest]!)}`;
}
