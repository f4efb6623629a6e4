import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { canRemove, type Viewer } from '../../../lib/history-starter';
import type { JobView } from '../board-model';
import { useDocumentTop } from '../use-document-top';
import { JobRow } from './job-row';

/** First guess of a row's height; each row is measured once it renders. */
const estimatedRowHeight = 41;
const columnCount = 7;

interface JobTableProps {
  views: JobView[];
  onRemove: (taskId: string) => void;
  /** Who is looking: a job they may not remove shows no Remove. */
  viewer: Viewer;
}

/**
 * The compact view: one row per job, virtualized against the window's scroll like the board's
 * columns. Rows out of view are stood in for by two spacer rows, so the table stays a table;
 * aria-rowcount and aria-rowindex say which rows the rendered ones are.
 */
export function JobTable({ views, onRemove, viewer }: JobTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const top = useDocumentTop(bodyRef);
  const virtualizer = useWindowVirtualizer({
    count: views.length,
    estimateSize: () => estimatedRowHeight,
    overscan: 8,
    scrollMargin: top,
    getItemKey: (index) => views[index]?.job.task_id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const before = items[0] ? items[0].start - margin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - margin) : 0;
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-left text-sm" aria-rowcount={views.length + 1}>
        <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          <tr aria-rowindex={1}>
            <th className="px-4 py-2 font-medium">Name</th>
            <th className="px-4 py-2 font-medium">Kind</th>
            <th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 font-medium">Progress</th>
            <th className="px-4 py-2 font-medium">Elapsed</th>
            <th className="px-4 py-2 font-medium">Cost</th>
            <th className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody ref={bodyRef} className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {before > 0 && <Spacer height={before} />}
          {items.map((item) => {
            const view = views[item.index];
            if (!view) return null;
            return (
              <JobRow
                key={item.key}
                view={view}
                onRemove={canRemove(view.job.started_by, viewer) ? onRemove : undefined}
                rowIndex={item.index + 2}
                dataIndex={item.index}
                measure={virtualizer.measureElement}
              />
            );
          })}
          {after > 0 && <Spacer height={after} />}
        </tbody>
      </table>
    </div>
  );
}

function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columnCount} style={{ height, padding: 0 }} />
    </tr>
  );
}
