import { formatLoudness, gainsText } from './compare-model';
import type { CompareLoudness } from './use-compare-audio';

interface LoudnessMatchProps {
  loudness: CompareLoudness;
  matching: boolean;
  onMatchingChange: (matching: boolean) => void;
}

/**
 * The "Match loudness" switch and what it does, in words: a louder take would sound better
 * just for being louder, so by default both play at the same integrated loudness.
 */
export function LoudnessMatch({ loudness, matching, onMatchingChange }: LoudnessMatchProps) {
  const { gains, measuring, error } = loudness;
  const measured = (['A', 'B'] as const)
    .map((side) => {
      const lufs = loudness.loudness[side];
      return lufs === undefined ? null : `${side} ${formatLoudness(lufs)}`;
    })
    .filter(Boolean)
    .join(' · ');
  let status: string;
  if (measuring) status = 'Measuring loudness…';
  else if (error)
    status = `Loudness could not be measured (${error.message}): both play as they are.`;
  else if (!gains) status = 'A take is silent: both play as they are.';
  else if (!matching) status = `Not matched: both play as they are (${measured}).`;
  else status = `Measured ${measured}.`;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <label className="flex min-h-11 items-center gap-2 font-medium md:min-h-0">
        <input
          type="checkbox"
          checked={matching}
          onChange={(event) => onMatchingChange(event.target.checked)}
          className="size-4 accent-brand-600"
        />
        Match loudness
      </label>
      {/* Polite: the measure arrives a moment after the takes are chosen. */}
      <p aria-live="polite" className="text-zinc-600 tabular-nums dark:text-zinc-400">
        {matching && gains && (
          <>
            <span className="font-medium text-zinc-900 dark:text-zinc-100">
              Gain {gainsText(gains)}
            </span>
            {' · '}
          </>
        )}
        {status}
      </p>
    </div>
  );
}
