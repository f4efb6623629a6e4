import { useMemo } from 'react';
import type { Viewer } from '../../../lib/history-starter';
import { boardColumns, type JobView } from '../board-model';
import { JobColumn } from './job-column';

interface JobBoardProps {
  views: JobView[];
  onRemove: (taskId: string) => void;
  /** Who is looking: a job they may not remove shows no Remove. */
  viewer: Viewer;
}

/** One column per status that has jobs, in the order a job moves through them. */
export function JobBoard({ views, onRemove, viewer }: JobBoardProps) {
  const columns = useMemo(() => boardColumns(views), [views]);
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2 xl:grid-cols-3">
      {columns.map((column) => (
        <JobColumn
          key={column.status}
          status={column.status}
          views={column.views}
          onRemove={onRemove}
          viewer={viewer}
        />
      ))}
    </div>
  );
}
