import { memo } from 'react';
import { CopyCurlButton } from '../../../components/copy-curl-button';
import { StartedBy } from '../../../components/started-by';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { formatBytes, formatSampleRate } from '../../../lib/format-duration';
import { buildAudioFileName } from '../file-name';
import { formatSeconds } from '../format-seconds';
import type { SpeechFormValues } from '../speech-form-schema';
import type { SpeechTake } from '../speech-take';
import { DownloadLink } from './download-link';
import { confirmSharedRemoval } from '../../../lib/shared-removal';
import { once } from '../../../lib/once';
import { excerpt, takeLabel, takeVoice } from '../compare/compared-take';

export interface TakeRowProps {
  take: SpeechTake;
  /** The voice's catalog name, when it is still in the catalog. */
  voiceName: string | undefined;
  curl: string;
  /** Deleting removes the take from the gateway's history, for everyone who sees it. */
  shared: boolean;
  removing: boolean;
  onUse: (settings: SpeechFormValues) => void;
  /** Absent when the viewer may not remove the take (someone else made it): no Delete then. */
  onRemove?: (take: SpeechTake) => void;
  /** Ticked for the A/B compare. */
  comparing?: boolean;
  /** Absent where takes cannot be compared; only a take with its audio offers it. */
  onToggleCompare?: (id: string) => void;
}

const timeFormat = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

const secondaryButton =
  'min-h-11 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 md:min-h-0 dark:border-zinc-700 dark:hover:bg-zinc-800';

function describe(take: SpeechTake, voice: string): string[] {
  const { facts, settings } = take;
  const parts = [take.kind === 'extend' ? 'Voice extend' : voice, take.format.toUpperCase()];
  if (facts.sampleRate !== undefined) parts.push(formatSampleRate(facts.sampleRate));
  if (take.kind === 'sync' && settings) parts.push(`${settings.speed.toFixed(2)}×`);
  if (take.kind === 'async') parts.push('async');
  if (facts.durationS !== undefined) parts.push(formatSeconds(facts.durationS));
  if (facts.size !== undefined) parts.push(formatBytes(facts.size));
  return parts;
}

/** One take of the history: what was said, how, its audio (loaded on Play), and what to do with it. */
export const TakeRow = memo(function TakeRow({
  take,
  voiceName,
  curl,
  shared,
  removing,
  onUse,
  onRemove,
  comparing = false,
  onToggleCompare,
}: TakeRowProps) {
  const created = new Date(take.created_at);
  const voice = takeVoice(take, voiceName);
  const [first, ...rest] = describe(take, voice);
  const short = excerpt(take.text, 40);
  const label = takeLabel(take, voiceName);
  const ready = take.status === 'completed' && take.audio !== null;
  return (
    <article aria-label={`History: ${short}`} className="space-y-2">
      <p className="text-sm break-words">{excerpt(take.text, 240)}</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        <span className="font-medium text-zinc-700 dark:text-zinc-200">{first}</span>
        {rest.map((part) => ` · ${part}`)} ·{' '}
        <time dateTime={take.created_at}>{timeFormat().format(created)}</time>
        {take.startedBy && (
          <>
            {' · '}
            <StartedBy starter={take.startedBy} inline />
          </>
        )}
        {take.fromOtherClient && (
          <span className="ml-2 rounded-md bg-zinc-100 px-1.5 py-0.5 text-[11px] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
            From another client
          </span>
        )}
      </p>
      {take.status === 'failed' || take.status === 'unknown' ? (
        <p className="text-sm text-red-700 dark:text-red-400">
          {take.status === 'failed' ? 'Failed' : 'No longer known to the service'}
          {take.error && `: ${take.error}`}
        </p>
      ) : (
        !ready && (
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
            <span
              aria-hidden="true"
              className="size-3 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
            />
            <span>
              The task is <strong>{take.status}</strong>…
            </span>
          </p>
        )
      )}
      {ready && take.audio && (
        <WaveformPlayer src={take.audio} label={label} loadOn="play" compact height={32} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {ready && take.audio && onToggleCompare && (
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 has-checked:border-brand-500 has-checked:bg-brand-50 md:min-h-0 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:has-checked:bg-brand-500/20">
            <input
              type="checkbox"
              checked={comparing}
              onChange={() => onToggleCompare(take.id)}
              aria-label={`Compare ${label}`}
              className="size-4 accent-brand-600"
            />
            Compare
          </label>
        )}
        {take.settings && (
          <button type="button" onClick={() => onUse(take.settings!)} className={secondaryButton}>
            Use these settings
          </button>
        )}
        {ready && take.audio && (
          <DownloadLink
            source={take.audio}
            fileName={buildAudioFileName(
              take.kind === 'extend' ? 'extended' : take.voiceId,
              created,
              take.format,
            )}
          />
        )}
        {onRemove && (
          <button
            type="button"
            onClick={() => {
              // Others lose it too: asked first. In this browser only, a slip costs little.
              if (!shared || confirmSharedRemoval(label, '')) onRemove(take);
            }}
            disabled={removing}
            aria-label={shared ? `Delete ${label} for everyone` : `Delete ${label}`}
            className="min-h-11 rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 md:min-h-0 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950/40"
          >
            {shared ? 'Delete for everyone' : 'Delete'}
          </button>
        )}
      </div>
      <CopyCurlButton command={curl} label="this request" />
    </article>
  );
});
