import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { deferred, usePreloadWhenUsed } from '../../../components/deferred';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { isEmptySeries, seriesSummary, type ChartSeries } from '../usage-series';
import { SeriesTable } from './series-table';

/**
 * The chart library is most of the page's code, and on a phone the charts are below the
 * totals: it loads when a chart comes near the screen, or at the first idle moment once
 * someone scrolls or touches the page.
 */
const barChart = deferred(() => import('./bar-chart').then((module) => module.BarChart));

export interface ChartFigureProps {
  title: string;
  /** The period in words, for the chart's text summary: "1–31 Dec 2026". */
  range: string;
  series: ChartSeries;
  /** What the table's rows are. */
  labelHeader: string;
  /** Shown instead of the chart when nothing in it is above zero. */
  empty: string;
  /** Figures said in words beside the chart (a histogram's median). */
  note?: ReactNode;
  stacked?: boolean;
  horizontal?: boolean;
}

/**
 * One chart of the usage page: a figure named by its caption, the chart or, with Table
 * pressed, the same numbers as a table. An empty series shows its sentence instead.
 */
export function ChartFigure({
  title,
  range,
  series,
  labelHeader,
  empty,
  note,
  stacked = false,
  horizontal = false,
}: ChartFigureProps) {
  const [table, setTable] = useState(false);
  const headingId = useId();
  const blank = isEmptySeries(series);
  return (
    <figure
      aria-labelledby={headingId}
      className="usage-chart grid min-w-0 grid-cols-[1fr_auto] items-start gap-x-3 gap-y-3 rounded-2xl border border-zinc-200 bg-white p-4 text-zinc-700 sm:p-5 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300"
    >
      <figcaption className="min-w-0">
        <h3 id={headingId} className="text-base font-semibold text-zinc-900 dark:text-white">
          {title}
        </h3>
        {note && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{note}</p>}
      </figcaption>
      {!blank && (
        <button
          type="button"
          aria-pressed={table}
          onClick={() => setTable((shown) => !shown)}
          className="min-h-11 rounded-lg border border-zinc-300 px-3 py-1 text-sm font-medium text-zinc-700 hover:bg-zinc-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white md:min-h-0 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          Table
        </button>
      )}
      <div className="col-span-2 min-w-0">
        {blank ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{empty}</p>
        ) : table ? (
          <SeriesTable series={series} caption={`${title}, ${range}`} labelHeader={labelHeader} />
        ) : (
          <ChartBox
            series={series}
            summary={seriesSummary(series, `${title}, ${range}`)}
            stacked={stacked}
            horizontal={horizontal}
          />
        )}
      </div>
    </figure>
  );
}

/**
 * The chart's box: sized before the chart is drawn, so nothing moves when it is, and named by
 * the chart's summary, which screen readers meet as one image whether or not it is drawn yet.
 */
function ChartBox({
  series,
  summary,
  stacked,
  horizontal,
}: {
  series: ChartSeries;
  summary: string;
  stacked: boolean;
  horizontal: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  usePreloadWhenUsed(barChart.preload);
  // A horizontal chart grows with its bars, so a long list keeps readable rows.
  const height = horizontal ? Math.max(160, series.labels.length * 28 + 48) : 256;
  return (
    <div ref={box} role="img" aria-label={summary} className="relative" style={{ height }}>
      {near && (
        <Suspense>
          <barChart.Component series={series} stacked={stacked} horizontal={horizontal} />
        </Suspense>
      )}
    </div>
  );
}
