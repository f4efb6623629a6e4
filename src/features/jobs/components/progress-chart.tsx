import type { JobSnapshot } from '../../../lib/tracked-jobs';
import { formatMs } from '../board-model';

const width = 600;
const height = 180;
const pad = { left: 36, right: 12, top: 12, bottom: 28 };

interface Point {
  t: number;
  progress: number;
}

function points(snapshots: JobSnapshot[]): Point[] {
  const start = snapshots[0] ? Date.parse(snapshots[0].at) : 0;
  return snapshots
    .filter((s) => s.progress !== undefined)
    .map((s) => ({ t: Date.parse(s.at) - start, progress: s.progress ?? 0 }));
}

/** Progress over time from the recorded readings, with the same facts in words. */
export function ProgressChart({ snapshots }: { snapshots: JobSnapshot[] }) {
  const data = points(snapshots);
  if (data.length < 2) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The chart appears once this browser has seen the job progress.
      </p>
    );
  }
  const span = Math.max(1, data.at(-1)!.t);
  const x = (t: number) => pad.left + (t / span) * (width - pad.left - pad.right);
  const y = (p: number) => pad.top + (1 - p / 100) * (height - pad.top - pad.bottom);
  const path = data.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t)},${y(p.progress)}`).join(' ');
  const first = data[0]!;
  const last = data.at(-1)!;
  const summary = `Progress went from ${first.progress}% to ${last.progress}% over ${formatMs(span)}, in ${data.length} readings.`;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={summary}
        className="w-full max-w-2xl text-brand-600 dark:text-brand-100"
      >
        {[0, 50, 100].map((tick) => (
          <g key={tick}>
            <line
              x1={pad.left}
              x2={width - pad.right}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-zinc-200 dark:stroke-zinc-800"
            />
            <text
              x={pad.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              className="fill-zinc-500 text-[11px]"
            >
              {tick}%
            </text>
          </g>
        ))}
        <text x={pad.left} y={height - 8} className="fill-zinc-500 text-[11px]">
          0:00
        </text>
        <text
          x={width - pad.right}
          y={height - 8}
          textAnchor="end"
          className="fill-zinc-500 text-[11px]"
        >
          {formatMs(span)}
        </text>
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" />
        {data.map((p, i) => (
          <circle key={i} cx={x(p.t)} cy={y(p.progress)} r={3} fill="currentColor" />
        ))}
      </svg>
      <figcaption className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{summary}</figcaption>
    </figure>
  );
}
