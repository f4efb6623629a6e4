import { Suspense, type ComponentProps } from 'react';
import { clipReportSummary, clipTrimmer, setVerdictView } from './clip-check-loaders';
import type { ClipReportSummary } from './clip-report-summary';
import type { ClipTrimmer } from './clip-trimmer';
import type { SetVerdictView } from './set-verdict-view';

function Opening({ what }: { what: string }) {
  return (
    <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
      Opening {what}…
    </p>
  );
}

/** The clip check's views, each drawn once its code is in (see clip-check-loaders.ts). */
export function DeferredClipReportSummary(props: ComponentProps<typeof ClipReportSummary>) {
  return (
    <Suspense fallback={<Opening what="the report" />}>
      <clipReportSummary.Component {...props} />
    </Suspense>
  );
}

/**
 * Nothing, and no code fetched, until there is a clip: the set check has nothing to say of an
 * empty set, and the Train page's first view neither loads it nor flashes its loading line.
 */
export function DeferredSetVerdictView(props: ComponentProps<typeof SetVerdictView>) {
  if (props.clips.length === 0) return null;
  return (
    <Suspense fallback={<Opening what="the set check" />}>
      <setVerdictView.Component {...props} />
    </Suspense>
  );
}

export function DeferredClipTrimmer(props: ComponentProps<typeof ClipTrimmer>) {
  return (
    <Suspense fallback={<Opening what="the trimmer" />}>
      <clipTrimmer.Component {...props} />
    </Suspense>
  );
}
