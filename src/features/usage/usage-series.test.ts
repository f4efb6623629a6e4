// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { periodLabel, rangeLabel } from './period-labels';
import { noMeasures, usageReport } from './test/usage-fixtures';
import {
  barTotals,
  bucketLabel,
  durationNote,
  durationSeries,
  groupSpendSeries,
  isEmptySeries,
  seriesSummary,
  spendSeries,
  statusSeries,
  toolSeries,
} from './usage-series';

describe('spendSeries', () => {
  it('stacks each spending group per period, most spent first, in the report order of days', () => {
    const series = spendSeries(usageReport());
    expect(series.labels).toEqual(['1 Dec', '2 Dec', '3 Dec']);
    expect(series.parts.map((part) => [part.label, part.values])).toEqual([
      ['Voice training', [1.2, 0, 0.1]],
      ['Music LoRA', [0, 0, 0.2]],
    ]);
    // Cents stay whole: 1.2 + 0.1 + 0.2 is not 1.5000000000000002.
    expect(barTotals(series).reduce((a, b) => a + b, 0)).toBeCloseTo(1.5, 10);
  });

  it('folds groups past the sixth into Others', () => {
    const groups = Array.from({ length: 8 }, (_, i) => ({
      ...noMeasures,
      group: `p${i}`,
      label: `Person ${i}`,
      training_cost: 8 - i,
    }));
    const rows = groups.map((group) => ({ ...group, period: '2026-12-01' }));
    const series = spendSeries(usageReport({ by: 'person', groups, rows }));
    expect(series.parts.map((part) => part.label)).toEqual([
      'Person 0',
      'Person 1',
      'Person 2',
      'Person 3',
      'Person 4',
      'Others (3)',
    ]);
    expect(series.parts.at(-1)!.values).toEqual([3 + 2 + 1, 0, 0]);
    expect(new Set(series.parts.map((part) => part.color)).size).toBe(6);
  });
});

describe('statusSeries', () => {
  it('counts jobs per period by status over every group', () => {
    const series = statusSeries(usageReport());
    expect(Object.fromEntries(series.parts.map((part) => [part.label, part.values]))).toEqual({
      Completed: [2, 0, 1],
      Failed: [1, 0, 0],
      Cancelled: [0, 0, 0],
      Running: [0, 0, 1],
    });
  });
});

describe('durations', () => {
  it('labels each bucket, the last one open', () => {
    expect(bucketLabel(0, 10)).toBe('0 s–10 s');
    expect(bucketLabel(120, 300)).toBe('2 min–5 min');
    expect(bucketLabel(21_600, null)).toBe('6 h or more');
  });

  it('draws the buckets and says the median and 90th percentile', () => {
    const { queue_wait, run_time } = usageReport().trainings;
    expect(durationSeries(queue_wait).parts[0]!.values).toEqual([2, 1, 0]);
    expect(durationNote(queue_wait)).toBe('Median 4 s, 90th percentile 20 s, of 3 trainings.');
    expect(durationNote(run_time)).toBeUndefined();
    expect(isEmptySeries(durationSeries(run_time))).toBe(true);
  });
});

describe('groups and most used', () => {
  it('leaves out groups that spent nothing', () => {
    const series = groupSpendSeries(usageReport().groups);
    expect(series.labels).toEqual(['Voice training', 'Music LoRA']);
    expect(series.parts[0]!.values).toEqual([1.3, 0.2]);
  });

  it('names a tool with its kind', () => {
    expect(toolSeries(usageReport().tools).labels).toEqual(['flux (image)']);
  });
});

describe('seriesSummary', () => {
  it('tells the total, each part and the highest bar', () => {
    expect(seriesSummary(spendSeries(usageReport()), 'Spend per day, 1–3 Dec 2026')).toBe(
      'Spend per day, 1–3 Dec 2026: total $1.50 (Voice training $1.30, Music LoRA $0.20); highest 1 Dec $1.20',
    );
    expect(seriesSummary(groupSpendSeries([]), 'Spend by token')).toBe('Spend by token: none');
  });
});

describe('labels', () => {
  it('writes days, weeks, months and ranges', () => {
    expect(periodLabel('2026-12-03', 'day')).toBe('3 Dec');
    expect(periodLabel('2026-11-30', 'week')).toBe('Week of 30 Nov');
    expect(periodLabel('2026-12', 'month')).toBe('Dec 2026');
    expect(rangeLabel('2026-12-01', '2026-12-31')).toBe('1–31 Dec 2026');
    expect(rangeLabel('2026-11-04', '2026-12-03')).toBe('4 Nov – 3 Dec 2026');
    expect(rangeLabel('2025-11-04', '2026-12-03')).toBe('4 Nov 2025 – 3 Dec 2026');
    expect(rangeLabel('2026-12-02', '2026-12-02')).toBe('2 Dec 2026');
  });
});
