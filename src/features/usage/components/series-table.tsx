import { barTotals, type ChartSeries } from '../usage-series';

/** A chart's numbers as a table: a row per bar, a column per part, and their total if several. */
export function SeriesTable({
  series,
  caption,
  labelHeader,
}: {
  series: ChartSeries;
  caption: string;
  /** What the rows are: "Day", "Person", "Wait". */
  labelHeader: string;
}) {
  const totals = series.parts.length > 1 ? barTotals(series) : null;
  const cell = 'px-3 py-1.5 text-right tabular-nums';
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-white text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left font-medium">
              {labelHeader}
            </th>
            {series.parts.map((part) => (
              <th key={part.label} scope="col" className={`${cell} font-medium`}>
                {part.label}
              </th>
            ))}
            {totals && (
              <th scope="col" className={`${cell} font-medium`}>
                Total
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {series.labels.map((label, i) => (
            <tr key={`${i}-${label}`}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {label}
              </th>
              {series.parts.map((part) => (
                <td key={part.label} className={cell}>
                  {series.format(part.values[i] ?? 0)}
                </td>
              ))}
              {totals && <td className={`${cell} font-medium`}>{series.format(totals[i]!)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
