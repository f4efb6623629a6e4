import { DeferredClipReportSummary } from '../../../components/clip-check/deferred-clip-check';
import type { ClipReport } from '../../../lib/audio/clip-report';
import { referenceLengthWarning, referenceRecommendedS } from '../extend-form-values';
import { formatSeconds } from '../format-seconds';

export interface ReferenceCheckState {
  measuring: boolean;
  /** Seconds, once measured. */
  durationS?: number | undefined;
  error?: string | undefined;
  /** A local file's full report; a URL has its length checked only. */
  report?: {
    name: string;
    measuring: boolean;
    data?: ClipReport | undefined;
    error?: string | undefined;
  };
}

/** The reference's length against the recommendation, and a local clip's report: advice, never a block. */
export function ReferenceCheck({ check }: { check: ReferenceCheckState | null }) {
  if (!check) return null;
  return (
    <div className="space-y-2">
      <LengthCheck check={check} />
      {check.report && <ReportCheck report={check.report} />}
    </div>
  );
}

function LengthCheck({ check }: { check: ReferenceCheckState }) {
  if (check.measuring)
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">Measuring the clip…</p>;
  if (check.error) {
    return (
      <p className="text-xs text-amber-700 dark:text-amber-300">
        The browser could not read this clip’s length ({check.error}). You can still try it.
      </p>
    );
  }
  if (check.durationS === undefined) return null;
  const warning = referenceLengthWarning(check.durationS);
  const length = formatSeconds(check.durationS);
  if (!warning) {
    return (
      <p className="text-xs text-emerald-700 dark:text-emerald-400">
        Length {length}: within the recommended {referenceRecommendedS.min}–
        {referenceRecommendedS.max} s.
      </p>
    );
  }
  return (
    <p
      role="note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      Length {length}. {warning} {referenceRecommendedS.min} to {referenceRecommendedS.max} s is
      recommended; 15 s or more improves long-form fidelity.
    </p>
  );
}

function ReportCheck({ report }: { report: NonNullable<ReferenceCheckState['report']> }) {
  if (report.measuring)
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">Checking the clip…</p>;
  if (report.error || !report.data) {
    return (
      <p className="text-xs text-amber-700 dark:text-amber-300">
        The browser could not analyse this clip{report.error ? ` (${report.error})` : ''}. You can
        still try it.
      </p>
    );
  }
  return <DeferredClipReportSummary name={report.name} report={report.data} use="extend" />;
}
