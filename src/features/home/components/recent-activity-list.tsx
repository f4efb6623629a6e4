import { Link } from '@tanstack/react-router';
import type { HistoryEntry, HistoryKind } from '../../../api/contract/history';
import { relativeTime } from '../../../lib/relative-time';

const linkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline max-md:py-3 dark:text-brand-100';

const activityKindLabels: Record<HistoryKind, string> = {
  voice: 'Voice training',
  music_lora: 'Music LoRA',
  video_lora: 'Video LoRA',
  image: 'Image',
  video: 'Video',
  speech: 'Speech',
  speech_async: 'Speech (async)',
  voice_extend: 'Voice extend',
  upload: 'Upload',
  sandbox: 'Sandbox',
};

function EntryLink({ entry }: { entry: HistoryEntry }) {
  const className = `${linkClass} min-w-0 flex-1 truncate`;
  const name = entry.name || entry.id;
  switch (entry.kind) {
    case 'voice':
    case 'music_lora':
    case 'video_lora':
      return (
        <Link to="/jobs/$taskId" params={{ taskId: entry.id }} className={className}>
          {name}
        </Link>
      );
    case 'image':
    case 'video':
      return (
        <Link to="/generate" search={{ tab: entry.kind }} className={className}>
          {name}
        </Link>
      );
    case 'speech':
    case 'speech_async':
    case 'voice_extend':
      return (
        <Link to="/speech" search={{}} className={className}>
          {name}
        </Link>
      );
    case 'upload':
      return (
        <Link to="/files" className={className}>
          {name}
        </Link>
      );
    case 'sandbox':
      return (
        <Link to="/sandbox" className={className}>
          {name}
        </Link>
      );
  }
}

/** The newest entries of every kind, whoever made them, each linking to where it lives. */
export function RecentActivityList({
  entries,
  now,
}: {
  entries: readonly HistoryEntry[];
  now: number;
}) {
  if (entries.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Nothing yet: generations, speech, uploads and training through this gateway show here.
      </p>
    );
  }
  return (
    <ul
      aria-label="Recent activity"
      className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
          <EntryLink entry={entry} />
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {activityKindLabels[entry.kind]}
          </span>
          <span className="text-xs text-zinc-700 dark:text-zinc-300">{entry.status}</span>
          {entry.source === 'client' && (
            <span className="text-xs text-zinc-600 dark:text-zinc-400">via API</span>
          )}
          <time dateTime={entry.created_at} className="text-xs text-zinc-600 dark:text-zinc-400">
            {relativeTime(entry.created_at, now)}
          </time>
        </li>
      ))}
    </ul>
  );
}
