import { historyKindLabels, historyKinds } from '../../src/api/contract/history-kinds';
import {
  durationBucketEdges,
  type DurationDistribution,
  type ParsedUsageQuery,
  type UsageGroup,
  type UsageMeasures,
  type UsageReport,
  type UsageRow,
} from '../../src/api/contract/usage';
import type { SqlExecutor } from '../db/sql-db';
import { dayOf, daysInMonth, monthOf, monthStart, periodOf, periodsBetween } from './calendar';
import { fromMicros } from './contribution';
import { monthSpend } from './month-spend';
import { resetsAt } from './budgets';
import { usageMeasureColumns, type UsageMeasureColumn } from './usage-schema';

/** How many tools and voices the report lists. */
const topItems = 10;

const sums = usageMeasureColumns.map((column) => `SUM(${column}) AS ${column}`).join(', ');

type SummedRow = Record<UsageMeasureColumn, number | null> & {
  day: string;
  kind?: string;
  person_id?: string;
  token?: string;
};

/** Adds a summed row's columns to `into`; costs are added in micro-units and converted last. */
function addInto(into: Record<UsageMeasureColumn, number>, row: SummedRow) {
  for (const column of usageMeasureColumns) into[column] += Number(row[column] ?? 0);
}

function measuresOf(micros: Record<UsageMeasureColumn, number>): UsageMeasures {
  const { training_cost_micros, running_cost_micros, ...counts } = micros;
  return {
    ...counts,
    training_cost: fromMicros(training_cost_micros),
    running_cost: fromMicros(running_cost_micros),
  };
}

const zeroMicros = () =>
  Object.fromEntries(usageMeasureColumns.map((column) => [column, 0])) as Record<
    UsageMeasureColumn,
    number
  >;

/** The median or another quantile of a histogram, placed linearly within its bucket. */
function quantile(counts: number[], total: number, q: number): number | null {
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (const [i, count] of counts.entries()) {
    if (count > 0 && seen + count >= rank) {
      const from = durationBucketEdges[i]!;
      const to = durationBucketEdges[i + 1];
      // The open last bucket has no width to place it in: its lower edge is the honest answer.
      if (to === undefined) return from;
      return from + ((rank - seen) / count) * (to - from);
    }
    seen += count;
  }
  return durationBucketEdges.at(-1)!;
}

function distributionOf(counts: number[]): DurationDistribution {
  const total = counts.reduce((sum, count) => sum + count, 0);
  return {
    count: total,
    p50_s: quantile(counts, total, 0.5),
    p90_s: quantile(counts, total, 0.9),
    buckets: durationBucketEdges.map((from, i) => ({
      from_s: from,
      to_s: durationBucketEdges[i + 1] ?? null,
      count: counts[i] ?? 0,
    })),
  };
}

export interface ReportOptions {
  query: ParsedUsageQuery;
  now: Date;
}

/**
 * The usage report over the daily counts: a month is a few thousand rows of `usage_days`
 * however many jobs it had, so the report costs the same at a hundred jobs as at a million.
 */
export async function usageReport(
  db: SqlExecutor,
  { query, now }: ReportOptions,
): Promise<UsageReport> {
  const today = dayOf(now);
  const to = query.to ?? today;
  const from = query.from ?? monthStart(monthOf(query.to ?? today));
  const { group_by: grouping, by } = query;
  const dims = by === 'kind' ? ['kind'] : by === 'person' ? ['person_id'] : ['person_id', 'token'];
  const range = [from, to];

  const [dayRows, people, tools, voices, durations, month] = await Promise.all([
    db.all<SummedRow>(
      `SELECT day, ${dims.join(', ')}, ${sums} FROM usage_days
       WHERE day >= ? AND day <= ? GROUP BY day, ${dims.join(', ')}`,
      range,
    ),
    db.all<{ person_id: string; name: string }>('SELECT person_id, name FROM usage_people'),
    // The top tools and voices are picked by the database: a month may hold thousands of each.
    db.all<{ kind: string; item: string; count: number }>(
      `SELECT kind, item, SUM(count) AS count FROM usage_items
       WHERE item_type = 'tool' AND day >= ? AND day <= ? GROUP BY kind, item
       HAVING SUM(count) > 0 ORDER BY count DESC, kind, item LIMIT ?`,
      [...range, topItems],
    ),
    // Speech and async speech count one voice together.
    db.all<{ item: string; requests: number; characters: number }>(
      `SELECT item, SUM(count) AS requests, SUM(units) AS characters FROM usage_items
       WHERE item_type = 'voice' AND day >= ? AND day <= ? GROUP BY item
       HAVING SUM(count) > 0 ORDER BY requests DESC, item LIMIT ?`,
      [...range, topItems],
    ),
    db.all<{ measure: string; bucket: number; count: number }>(
      `SELECT measure, bucket, SUM(count) AS count FROM usage_durations
       WHERE day >= ? AND day <= ? GROUP BY measure, bucket`,
      range,
    ),
    monthSpend(db, monthOf(today)),
  ]);

  const names = new Map(people.map((person) => [person.person_id, person.name]));
  const personLabel = (id: string) => (id ? (names.get(id) ?? id) : 'Nobody signed in');
  const groupOf = (row: SummedRow): { group: string; label: string } => {
    if (by === 'kind') {
      const kind = row.kind ?? '';
      return {
        group: kind,
        label: historyKindLabels[kind as keyof typeof historyKindLabels] ?? kind,
      };
    }
    const person = row.person_id ?? '';
    if (by === 'person') return { group: person, label: personLabel(person) };
    const token = row.token ?? '';
    const who = personLabel(person);
    return {
      group: `${person}/${token}`,
      label: token ? `${token} (${who})` : person ? `${who}, in the browser` : who,
    };
  };

  const cells = new Map<
    string,
    { period: string; group: string; label: string; micros: ReturnType<typeof zeroMicros> }
  >();
  const groups = new Map<
    string,
    { group: string; label: string; micros: ReturnType<typeof zeroMicros> }
  >();
  const total = zeroMicros();
  for (const row of dayRows) {
    const period = periodOf(row.day, grouping);
    const { group, label } = groupOf(row);
    const cellKey = `${period}\u0000${group}`;
    const cell = cells.get(cellKey) ?? { period, group, label, micros: zeroMicros() };
    addInto(cell.micros, row);
    cells.set(cellKey, cell);
    const sum = groups.get(group) ?? { group, label, micros: zeroMicros() };
    addInto(sum.micros, row);
    groups.set(group, sum);
    addInto(total, row);
  }

  const kindOrder = (group: string) => {
    const index = (historyKinds as readonly string[]).indexOf(group);
    return index === -1 ? historyKinds.length : index;
  };
  const groupList: UsageGroup[] = [...groups.values()]
    .filter((sum) => sum.micros.jobs !== 0)
    .map((sum) => ({ group: sum.group, label: sum.label, ...measuresOf(sum.micros) }))
    .sort((a, b) =>
      by === 'kind'
        ? kindOrder(a.group) - kindOrder(b.group)
        : b.training_cost - a.training_cost || b.jobs - a.jobs || a.label.localeCompare(b.label),
    );
  const groupRank = new Map(groupList.map((group, i) => [group.group, i]));
  const rows: UsageRow[] = [...cells.values()]
    .filter((cell) => cell.micros.jobs !== 0)
    .map((cell) => ({
      period: cell.period,
      group: cell.group,
      label: cell.label,
      ...measuresOf(cell.micros),
    }))
    .sort(
      (a, b) =>
        a.period.localeCompare(b.period) ||
        (groupRank.get(a.group) ?? 0) - (groupRank.get(b.group) ?? 0),
    );

  const counts = (measure: string) => {
    const list = durationBucketEdges.map(() => 0);
    for (const row of durations)
      if (row.measure === measure && list[row.bucket] !== undefined)
        list[row.bucket]! += Number(row.count);
    return list;
  };

  const thisMonth = monthOf(today);
  const elapsedDays =
    (now.getTime() - Date.parse(`${monthStart(thisMonth)}T00:00:00Z`)) / 86_400_000;
  // The month's pace so far, carried to its end; a first day's pace is read over a whole day.
  const forecast = (month.spend / Math.max(1, elapsedDays)) * daysInMonth(thisMonth);

  return {
    from,
    to,
    group_by: grouping,
    by,
    periods: periodsBetween(from, to, grouping),
    rows,
    groups: groupList,
    totals: measuresOf(total),
    tools: tools.map((tool) => ({
      kind: tool.kind as UsageReport['tools'][number]['kind'],
      tool: tool.item,
      count: Number(tool.count),
    })),
    voices: voices.map((voice) => ({
      voice_id: voice.item,
      requests: Number(voice.requests),
      characters: Number(voice.characters),
    })),
    trainings: {
      queue_wait: distributionOf(counts('queue_wait')),
      run_time: distributionOf(counts('run_time')),
    },
    month: {
      month: thisMonth,
      committed: month.spend,
      completed_cost: fromMicros(Math.round((month.spend - month.running) * 1_000_000)),
      running_cost: month.running,
      forecast: Math.round(Math.max(month.spend, forecast) * 100) / 100,
      resets_at: resetsAt(thisMonth),
    },
  };
}
