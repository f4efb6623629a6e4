import { setVerdict, type SetClip } from '../../lib/audio/clip-verdicts';
import { VerdictBadge } from './verdict-badge';

export interface SetViewClip extends SetClip {
  /** A URL is fetched by the service: the browser reads its length at most, never its sound. */
  source: 'file' | 'url';
}

/**
 * The reference set as a whole, before Start: count and total length against the recommended
 * range, the set's verdict with its reasons, and the clip that holds it back.
 */
export function SetVerdictView({
  clips,
  measuring = false,
}: {
  clips: readonly SetViewClip[];
  /** Some clips are still being measured: the verdict may change. */
  measuring?: boolean;
}) {
  if (clips.length === 0) return null;
  const set = setVerdict(clips);
  const unchecked = clips.filter((clip) => clip.source === 'url');
  return (
    <section
      aria-label="Clip set check"
      className="space-y-1.5 rounded-lg border border-zinc-200 px-3 py-2 text-xs dark:border-zinc-800"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-semibold">Clip set:</span> <VerdictBadge verdict={set.verdict} />
        {measuring && <span className="text-zinc-500 dark:text-zinc-400">· measuring…</span>}
      </p>
      <p className="text-zinc-700 tabular-nums dark:text-zinc-300">{set.countText}</p>
      {set.reasons.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-4 text-zinc-700 dark:text-zinc-300">
          {set.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {set.weakest && (
        <p className="break-words">
          <span className="font-medium">Weakest clip:</span> {set.weakest.name} (
          <VerdictBadge verdict={set.weakest.verdict} />) — {set.weakest.reason}
        </p>
      )}
      {unchecked.length > 0 && (
        <p className="break-words text-zinc-500 dark:text-zinc-400">
          Not checked: {unchecked.map((clip) => clip.name).join(', ')} (the service fetches{' '}
          {unchecked.length === 1 ? 'it' : 'them'}; only the length is read here).
        </p>
      )}
    </section>
  );
}
