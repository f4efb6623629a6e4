import { Suspense, useEffect, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { CopyCurlButton } from '../../../components/copy-curl-button';
import { deferred, usePreloadWhenUsed } from '../../../components/deferred';
import type { GenerationEntry } from '../history-store';

/**
 * The result's viewers (image grid, video and audio players, JSON) load once the page is used:
 * the form draws without them, and a generation takes longer than their download.
 */
const generationResult = deferred(() =>
  import('./generation-result').then((module) => module.GenerationResult),
);

interface ResultPanelProps {
  kind: GenerationEntry['kind'];
  pending: boolean;
  /** When the running request started (performance.now()), for the elapsed time. */
  startedAt: number | null;
  entry: GenerationEntry | null;
  curl: string | null;
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(timer);
  }, []);
  return <span className="tabular-nums">{((now - since) / 1000).toFixed(1)} s</span>;
}

/** The latest result, or the one picked from the history; a live status while one runs. */
export function ResultPanel({ kind, pending, startedAt, entry, curl }: ResultPanelProps) {
  const outcome = entry?.outcome.status === 'succeeded' ? entry.outcome : null;
  usePreloadWhenUsed(generationResult.preload);
  return (
    <section
      aria-label={`${kind === 'image' ? 'Image' : 'Video'} result`}
      aria-busy={pending}
      className="space-y-3"
    >
      {pending && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl border border-zinc-200 p-4 text-sm dark:border-zinc-800"
        >
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
          />
          <span>
            Generating {kind === 'image' ? 'the image' : 'the video'}…{' '}
            {startedAt !== null && <Elapsed since={startedAt} />}
          </span>
        </div>
      )}
      {entry && outcome ? (
        <>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <span>
              <code>{entry.request.tool}</code>
              {outcome.elapsedMs !== null && <> in {(outcome.elapsedMs / 1000).toFixed(1)} s</>}
            </span>
            {outcome.traceId && (
              <span className="inline-flex min-w-0 flex-wrap items-center gap-1">
                Trace ID <code className="min-w-0 break-all select-all">{outcome.traceId}</code>
                <CopyButton value={outcome.traceId} label={`trace ID ${outcome.traceId}`} />
              </span>
            )}
          </p>
          <Suspense
            fallback={
              // As tall as the empty panel it replaces, so what follows moves less.
              <p
                role="status"
                className="flex min-h-48 items-center justify-center text-sm text-zinc-600 dark:text-zinc-400"
              >
                Opening the result…
              </p>
            }
          >
            <generationResult.Component
              data={outcome.data}
              label={entry.request.prompt.slice(0, 60)}
            />
          </Suspense>
          {curl && <CopyCurlButton command={curl} label="the request behind this result" />}
        </>
      ) : (
        !pending && (
          <div className="flex min-h-48 items-center justify-center rounded-xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
            {kind === 'image' ? 'Images' : 'Videos'} you generate appear here.
          </div>
        )
      )}
    </section>
  );
}
