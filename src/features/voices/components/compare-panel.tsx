import { useId, useState } from 'react';
import { languageName } from '../../../api/contract/language-names';
import type { Voice } from '../../../api/contract/voices';
import { Button } from '../../../components/button';
import { ErrorView } from '../../../components/error-view';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import type { SpokenLine } from '../queries';
import { tryLineMaxLength } from '../queries';
import { VoiceAvatar } from './voice-avatar';

export interface CompareSide {
  voice: Voice;
  pending: boolean;
  error: unknown;
  /** The line in this voice, once spoken; a new submission replaces it. */
  result: SpokenLine | undefined;
  /** Changes with every submission, so each result gets a fresh player. */
  resultKey: number;
  onRetry: () => void;
}

interface ComparePanelProps {
  /** One or two sides, in the order the voices were picked. */
  sides: readonly CompareSide[];
  onRemove: (voiceId: string) => void;
  onClose: () => void;
  onCompare: (text: string) => void;
}

const sampleLine = 'The quick brown fox jumps over the lazy dog.';

/** The same line in two voices, side by side. */
export function ComparePanel({ sides, onRemove, onClose, onCompare }: ComparePanelProps) {
  const [text, setText] = useState(sampleLine);
  const inputId = useId();
  const line = text.trim();
  const ready = sides.length === 2 && line.length > 0;
  const pending = sides.some((side) => side.pending);

  return (
    <section
      aria-label="Compare voices"
      className="sticky bottom-4 z-20 mt-6 rounded-2xl border border-zinc-200 bg-white/95 p-4 shadow-xl ring-1 ring-black/5 backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95 dark:ring-white/5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold">
          Compare voices{' '}
          <span className="font-normal text-zinc-500 dark:text-zinc-400">
            {sides.length === 2 ? '· same line, two voices' : '· pick one more voice'}
          </span>
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 max-md:min-h-11 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          Close comparison
        </button>
      </div>

      <form
        className="mt-3 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onCompare(line);
        }}
      >
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor={inputId} className="sr-only">
            Line to compare
          </label>
          <input
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={tryLineMaxLength}
            autoComplete="off"
            className="block h-9 w-full rounded-lg border border-zinc-300 bg-white px-3 text-sm shadow-xs dark:border-zinc-700 dark:bg-zinc-900"
          />
        </div>
        <Button type="submit" disabled={!ready || pending} className="h-9">
          {pending ? 'Speaking…' : 'Speak in both voices'}
        </Button>
      </form>

      <ul className="mt-3 grid grid-cols-1 gap-2 lg:grid-cols-2">
        {sides.map((side) => (
          <li
            key={side.voice.voice_id}
            aria-label={`${side.voice.name} in comparison`}
            className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-zinc-50 p-2.5 sm:flex-nowrap dark:bg-zinc-800/60"
          >
            <div className="flex w-36 shrink-0 items-center gap-2">
              <VoiceAvatar voiceId={side.voice.voice_id} name={side.voice.name} size="sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{side.voice.name}</p>
                <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                  {languageName(side.voice.language)}
                </p>
              </div>
            </div>
            <div className="min-w-0 flex-1 basis-48">
              <CompareResult side={side} />
            </div>
            <button
              type="button"
              onClick={() => onRemove(side.voice.voice_id)}
              aria-label={`Remove ${side.voice.name} from comparison`}
              title="Remove from comparison"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-4">
                <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L6.94 8l-2.72 2.72a.75.75 0 1 0 1.06 1.06L8 9.06l2.72 2.72a.75.75 0 1 0 1.06-1.06L9.06 8l2.72-2.72a.75.75 0 0 0-1.06-1.06L8 6.94 5.28 4.22Z" />
              </svg>
            </button>
          </li>
        ))}
        {sides.length < 2 && (
          <li className="flex min-h-14 items-center justify-center rounded-xl border border-dashed border-zinc-300 p-2.5 text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
            Choose “Compare” on another voice card.
          </li>
        )}
      </ul>
    </section>
  );
}

function CompareResult({ side }: { side: CompareSide }) {
  if (side.pending)
    return (
      <p role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
        Speaking the line…
      </p>
    );
  if (side.error)
    return (
      <ErrorView
        title={`${side.voice.name} could not speak the line`}
        error={side.error}
        onRetry={side.onRetry}
      />
    );
  if (!side.result)
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">Not spoken yet.</p>;
  return (
    <WaveformPlayer
      key={side.resultKey}
      src={side.result.audio}
      label={`Comparison line by ${side.voice.name}`}
      height={32}
      compact
    />
  );
}
