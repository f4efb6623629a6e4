import { useId, useState } from 'react';
import type { ClipReport } from '../../lib/audio/clip-report';
import { clipVerdicts, worstVerdict, type ClipUse } from '../../lib/audio/clip-verdicts';
import { ClipReportView, OverallLine } from './clip-report-view';

/**
 * A clip's overall verdict, always in sight, over its full report: open at first, since the
 * reasons are what the check is for, and folded away once read to keep a long list short.
 */
export function ClipReportSummary({
  name,
  report,
  use,
  defaultOpen = true,
}: {
  name: string;
  report: ClipReport;
  use: ClipUse;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const reportId = useId();
  const overall = worstVerdict(clipVerdicts(report, use));
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <OverallLine verdict={overall} />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={reportId}
          aria-label={`${open ? 'Hide' : 'Show'} report for ${name}`}
          onClick={() => setOpen((shown) => !shown)}
          className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-zinc-100 max-md:min-h-11 dark:text-indigo-300 dark:hover:bg-zinc-800"
        >
          {open ? 'Hide report' : 'Show report'}
        </button>
      </div>
      {/* Always there, so aria-controls names an element while folded too. */}
      <div id={reportId}>
        {open && (
          <ClipReportView name={name} report={report} use={use} overall={false} className="mt-2" />
        )}
      </div>
    </div>
  );
}
