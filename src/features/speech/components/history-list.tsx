import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { buildAudioFileName } from '../file-name';
import type { HistoryEntry } from '../history-store';
import { DownloadLink } from './download-link';

interface HistoryListProps {
  entries: HistoryEntry[];
  loading: boolean;
  /** Voice names by id, for entries whose voice is still in the catalog. */
  voiceNames: ReadonlyMap<string, string>;
  onUse: (entry: HistoryEntry) => void;
  onRemove: (entry: HistoryEntry) => void;
  removing?: boolean;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function HistoryList({
  entries,
  loading,
  voiceNames,
  onUse,
  onRemove,
  removing,
}: HistoryListProps) {
  if (loading) return <p className="text-sm text-zinc-500">Loading history…</p>;
  if (entries.length === 0) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        Nothing yet. Every synthesis made in this browser appears here, newest first.
      </p>
    );
  }
  return (
    <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
      {entries.map((entry) => {
        const { settings } = entry;
        const created = new Date(entry.created_at);
        const voice = voiceNames.get(settings.voice_id) ?? settings.voice_id;
        const source = entry.audio ?? entry.audioUrl;
        const label = `“${excerpt(settings.text, 40)}” by ${voice}`;
        return (
          <li key={entry.id} className="py-4 first:pt-0 last:pb-0">
            <article aria-label={`History: ${excerpt(settings.text, 40)}`} className="space-y-2">
              <p className="text-sm break-words">{excerpt(settings.text, 240)}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                <span className="font-medium text-zinc-700 dark:text-zinc-200">{voice}</span> ·{' '}
                {settings.format.toUpperCase()} · {settings.sample_rate / 1000} kHz
                {settings.mode === 'sync' ? ` · ${settings.speed.toFixed(2)}×` : ' · async'} ·{' '}
                <time dateTime={entry.created_at}>{timeFormat.format(created)}</time>
              </p>
              {source && (
                <WaveformPlayer src={source} label={label} loadOn="play" compact height={32} />
              )}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  onClick={() => onUse(entry)}
                  className="rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
                >
                  Use these settings
                </button>
                {source && (
                  <DownloadLink
                    source={source}
                    fileName={buildAudioFileName(settings.voice_id, created, entry.format)}
                  />
                )}
                <button
                  type="button"
                  onClick={() => onRemove(entry)}
                  disabled={removing}
                  aria-label={`Delete ${label}`}
                  className="rounded-lg px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950/40"
                >
                  Delete
                </button>
              </div>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
