import { deferred } from '../deferred';

// The clip check's views, with the verdict rules and wavesurfer's regions behind them, load with
// the first clip to check rather than with the Train and Speech pages: most visits add none.
export const clipReportSummary = deferred(() =>
  import('./clip-report-summary').then((m) => m.ClipReportSummary),
);
export const setVerdictView = deferred(() =>
  import('./set-verdict-view').then((m) => m.SetVerdictView),
);
export const clipTrimmer = deferred(() => import('./clip-trimmer').then((m) => m.ClipTrimmer));

/** Starts loading the report views as a clip is chosen, so they are in before its report is. */
export function preloadClipCheck() {
  clipReportSummary.preload();
  setVerdictView.preload();
}
