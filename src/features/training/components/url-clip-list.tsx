import { formatDuration } from '../../../lib/format-duration';
import { durationWarning } from '../recommendations';

export interface UrlClipView {
  url: string;
  checking: boolean;
  durationS?: number;
  error?: string;
}

/** The pasted URLs with their lengths, when the browser can reach them. */
export function UrlClipList({ clips }: { clips: readonly UrlClipView[] }) {
  if (clips.length === 0) return null;
  return (
    <ul aria-label="Reference URLs" className="space-y-1 text-xs">
      {clips.map((clip) => {
        const warning = durationWarning('voice', clip.durationS);
        return (
          <li key={clip.url} className="flex flex-wrap items-baseline gap-x-2">
            <span className="max-w-full truncate font-mono text-zinc-700 dark:text-zinc-300">
              {clip.url}
            </span>
            <span className="text-zinc-500 tabular-nums dark:text-zinc-400">
              {clip.checking
                ? 'measuring…'
                : clip.durationS !== undefined
                  ? formatDuration(clip.durationS)
                  : `length unknown (${clip.error ?? 'unreachable from the browser'})`}
            </span>
            {warning && <span className="text-amber-700 dark:text-amber-300">{warning}</span>}
          </li>
        );
      })}
    </ul>
  );
}
