import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { canRemove, type Viewer } from '../../../lib/history-starter';
import type { JobView } from '../board-model';
import { statusLabels, type BoardStatus } from '../job-state';
import { useDocumentTop } from '../use-document-top';
import { JobCard } from './job-card';

/** First guess of a card's height; each card is measured once it renders. */
const estimatedCardHeight = 200;
const gap = 12;
/**
 * The window's height before it can be measured: the gateway draws the board's first cards
 * into the page (server/live-pages) at a phone's height, and the browser's first render starts
 * from its own, so the cards are there from the first paint.
 */
const initialRect = () => ({
  width: 0,
  height: typeof window === 'undefined' ? 844 : window.innerHeight,
});

interface JobColumnProps {
  status: BoardStatus;
  views: JobView[];
  onRemove: (taskId: string) => void;
  viewer: Viewer;
}

/**
 * One status's cards, virtualized against the window's scroll: a column of hundreds of jobs
 * keeps only the cards near the viewport in the page, so a reading re-lays out a few cards,
 * not all of them. The heading counts them all, and each card says where it sits.
 */
export const JobColumn = memo(function JobColumn({
  status,
  views,
  onRemove,
  viewer,
}: JobColumnProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const top = useDocumentTop(listRef);
  const virtualizer = useWindowVirtualizer({
    count: views.length,
    estimateSize: () => estimatedCardHeight,
    overscan: 3,
    gap,
    initialRect: initialRect(),
    scrollMargin: top,
    // Measured heights follow the job when cards move up or down the column.
    getItemKey: (index) => views[index]?.job.task_id ?? index,
  });
  const headingId = `jobs-section-${status}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl bg-zinc-100/70 p-3 dark:bg-zinc-900/40"
    >
      <h2
        id={headingId}
        className="mb-3 flex items-center gap-2 px-1 text-sm font-semibold text-zinc-700 dark:text-zinc-200"
      >
        {statusLabels[status]}
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
          {views.length}
        </span>
      </h2>
      <div ref={listRef} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const view = views[item.index];
          if (!view) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full"
              style={{
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <JobCard
                view={view}
                onRemove={canRemove(view.job.started_by, viewer) ? onRemove : undefined}
                posInSet={item.index + 1}
                setSize={views.length}
              />
            </div>
          );
        })}
      </div>
    </section>
  );
});
