import { useId } from 'react';
import { PauseIcon, PlayIcon } from '../../../components/waveform/player-icons';
import { formatDuration } from '../../../lib/format-duration';
import { sharedDuration, sides } from './compare-model';
import type { AbPlayback } from './use-ab-playback';

/** Play/Pause for the take heard, the shared clock, and which take is heard. */
export function CompareTransport({ playback }: { playback: AbPlayback }) {
  const group = useId();
  const duration = sharedDuration(playback.durations);
  const { listening, playing } = playback;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <button
        type="button"
        onClick={playback.togglePlay}
        disabled={playback.failed[listening]}
        aria-label={`${playing ? 'Pause' : 'Play'} take ${listening}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50 max-md:size-11"
      >
        {playing ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
      </button>
      <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
        {formatDuration(playback.time)} / {duration > 0 ? formatDuration(duration) : '-:--'}
      </p>
      <div
        role="radiogroup"
        aria-label="Listening to"
        aria-keyshortcuts="X"
        className="flex items-center gap-1 rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700"
      >
        {sides.map((side) => (
          <label
            key={side}
            className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium has-checked:bg-zinc-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-500 md:min-h-8 dark:has-checked:bg-white dark:has-checked:text-zinc-900"
          >
            <input
              type="radio"
              name={group}
              value={side}
              checked={listening === side}
              onChange={() => playback.listenTo(side)}
              className="sr-only"
            />
            Take {side}
          </label>
        ))}
      </div>
      {/* X is pressed wherever the focus is (often the slider): say what it did. */}
      <p aria-live="polite" className="sr-only">
        Listening to take {listening}
      </p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Press{' '}
        <kbd className="rounded border border-zinc-300 px-1 font-sans dark:border-zinc-600">X</kbd>{' '}
        to switch at the same moment.
      </p>
    </div>
  );
}
