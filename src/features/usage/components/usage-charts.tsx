import { useMemo } from 'react';
import type { UsageGroup, UsageReport } from '../../../api/contract/usage';
import {
  durationNote,
  durationSeries,
  groupSpendSeries,
  spendSeries,
  statusSeries,
  toolSeries,
  voiceSeries,
} from '../usage-series';
import { ChartFigure } from './chart-figure';

const dimensionNames = { kind: 'kind', person: 'person', token: 'token' } as const;
const periodNames = { day: 'Day', week: 'Week', month: 'Month' } as const;

/**
 * The report's charts. `people` and `tokens` are the same period's groups by person and by
 * token (the page reads them whatever the report is split by); undefined while they load.
 */
export function UsageCharts({
  report,
  range,
  people,
  tokens,
}: {
  report: UsageReport;
  range: string;
  people: readonly UsageGroup[] | undefined;
  tokens: readonly UsageGroup[] | undefined;
}) {
  const per = report.group_by;
  const { queue_wait: wait, run_time: run } = report.trainings;
  // Each chart draws again when its series changes: the same report keeps the same series.
  const series = useMemo(
    () => ({
      spend: spendSeries(report),
      status: statusSeries(report),
      wait: durationSeries(report.trainings.queue_wait),
      run: durationSeries(report.trainings.run_time),
      voices: voiceSeries(report.voices),
      tools: toolSeries(report.tools),
    }),
    [report],
  );
  const bySpender = useMemo(
    () => ({ people: groupSpendSeries(people ?? []), tokens: groupSpendSeries(tokens ?? []) }),
    [people, tokens],
  );
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartFigure
        title={`Spend per ${per} by ${dimensionNames[report.by]}`}
        range={range}
        series={series.spend}
        labelHeader={periodNames[per]}
        empty="No spend in this period."
        stacked
      />
      <ChartFigure
        title={`Jobs per ${per} by status`}
        range={range}
        series={series.status}
        labelHeader={periodNames[per]}
        empty="No jobs in this period."
        stacked
      />
      <ChartFigure
        title="Queue wait of trainings"
        range={range}
        series={series.wait}
        labelHeader="Wait"
        empty="No training waited in this period."
        note={durationNote(wait)}
      />
      <ChartFigure
        title="Run time of trainings"
        range={range}
        series={series.run}
        labelHeader="Run time"
        empty="No training ran in this period."
        note={durationNote(run)}
      />
      <ChartFigure
        title="Voices used most"
        range={range}
        series={series.voices}
        labelHeader="Voice"
        empty="No speech in this period."
        horizontal
      />
      <ChartFigure
        title="Tools used most"
        range={range}
        series={series.tools}
        labelHeader="Tool"
        empty="No generations in this period."
        horizontal
      />
      <ChartFigure
        title="Spend by person"
        range={range}
        series={bySpender.people}
        labelHeader="Person"
        empty={people ? 'No spend in this period.' : 'Loading…'}
        horizontal
      />
      <ChartFigure
        title="Spend by token"
        range={range}
        series={bySpender.tokens}
        labelHeader="Token"
        empty={tokens ? 'No spend in this period.' : 'Loading…'}
        horizontal
      />
    </div>
  );
}
