import clsx from 'clsx';
import type { ClipReport } from '../../lib/audio/clip-report';
import { clipVerdicts, worstVerdict, type ClipUse } from '../../lib/audio/clip-verdicts';
import { VerdictBadge } from './verdict-badge';

/**
 * A clip's measures, each with its verdict, the reason in plain words and the threshold used.
 * Rows that need work keep their reason in full; good rows show it quieter, so a long table
 * still reads at a glance on a phone.
 */
export function ClipReportView({
  name,
  report,
  use,
  overall = true,
  className,
}: {
  name: string;
  report: ClipReport;
  use: ClipUse;
  /** The "Overall: …" line under the table; off where the overall verdict already shows. */
  overall?: boolean;
  className?: string;
}) {
  const verdicts = clipVerdicts(report, use);
  return (
    <div className={clsx('space-y-2', className)}>
      <table className="w-full table-fixed border-collapse text-left text-xs">
        <caption className="pb-1 text-left text-xs font-semibold break-words">
          Report for {name}
        </caption>
        <colgroup>
          {/* Narrow screens give the words most room; wide ones need less for the figures. */}
          <col className="w-[30%] sm:w-[22%]" />
          <col className="w-[26%] sm:w-[22%]" />
          <col />
        </colgroup>
        <thead>
          <tr className="border-b border-zinc-200 text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
            <th scope="col" className="py-1 pr-2 font-medium">
              Measure
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Value
            </th>
            <th scope="col" className="py-1 font-medium">
              Verdict
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {verdicts.map((row) => (
            <tr key={row.measure} className="align-top">
              <th scope="row" className="py-1.5 pr-2 font-medium">
                {row.label}
              </th>
              <td className="py-1.5 pr-2 break-words tabular-nums">{row.value}</td>
              <td className="py-1.5">
                <VerdictBadge verdict={row.verdict} />
                <p
                  className={clsx(
                    'mt-0.5 break-words',
                    row.verdict === 'good'
                      ? 'text-zinc-500 dark:text-zinc-400'
                      : 'text-zinc-800 dark:text-zinc-200',
                  )}
                >
                  {row.reason}
                </p>
                <p className="mt-0.5 break-words text-zinc-500 dark:text-zinc-400">
                  Threshold: {row.threshold}
                </p>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {overall && <OverallLine verdict={worstVerdict(verdicts)} />}
    </div>
  );
}

export function OverallLine({
  verdict,
  className,
}: {
  verdict: ReturnType<typeof worstVerdict>;
  className?: string;
}) {
  return (
    <p className={clsx('flex items-center gap-1 text-xs', className)}>
      <span className="font-semibold">Overall:</span> <VerdictBadge verdict={verdict} />
    </p>
  );
}
