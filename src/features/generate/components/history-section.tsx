import { Card } from '../../../components/card';
import { ClearHistoryButton } from '../../../components/clear-history-button';
import { ErrorView } from '../../../components/error-view';
import { ShowMoreButton } from '../../../components/show-more-button';
import { useShowMore } from '../../../lib/use-show-more';
import { generationHistoryLimit, type GenerationEntry } from '../history-store';
import { HistoryEntryItem } from './history-entry';

/** Entries drawn at first, and added per "Show more": each one may hold thumbnails. */
const historyStep = 20;

interface HistorySectionProps {
  kind: GenerationEntry['kind'];
  entries: readonly GenerationEntry[];
  loading: boolean;
  error: unknown;
  /** Gateway mode: everyone's history on this gateway, instead of this browser's own. */
  shared: boolean;
  selectedId: string | null;
  curlFor: (entry: GenerationEntry) => string;
  onShow: (entry: GenerationEntry) => void;
  onReuse: (entry: GenerationEntry) => void;
  onRemove: (entry: GenerationEntry) => void;
  /** Absent: no "Clear history" (see the shared history). */
  onClear?: () => void;
  busy: boolean;
}

export function HistorySection({
  kind,
  entries,
  loading,
  error,
  shared,
  onClear,
  busy,
  selectedId,
  curlFor,
  ...actions
}: HistorySectionProps) {
  const noun = kind === 'image' ? 'image' : 'video';
  const { shown, hidden, showMore } = useShowMore(entries, historyStep);
  return (
    <Card
      labelledBy={`generate-${kind}-history`}
      title="History"
      description={
        shared
          ? `Every ${noun} generation made through this gateway, from any browser or client, updated live.`
          : `Your last ${generationHistoryLimit} generations. Kept in this browser only.`
      }
    >
      {error ? (
        <ErrorView title="The history could not be read" error={error} />
      ) : loading ? (
        <p className="text-sm text-zinc-500">Loading history…</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No {noun} generations yet. Each one {shared ? 'made through this gateway' : 'you make'}{' '}
          appears here, with its settings, so you can reuse them.
        </p>
      ) : (
        <>
          <ul aria-label={`${noun} generation history`} className="space-y-3">
            {shown.map((entry) => (
              <HistoryEntryItem
                key={entry.id}
                entry={entry}
                selected={entry.id === selectedId}
                curl={curlFor(entry)}
                removing={busy}
                shared={shared}
                {...actions}
              />
            ))}
          </ul>
          <ShowMoreButton
            hidden={hidden}
            step={historyStep}
            what={`${noun} generations`}
            onShowMore={showMore}
          />
          {onClear && (
            <div>
              <ClearHistoryButton
                confirmation={`Delete every ${noun} generation of the history in this browser?`}
                onClear={onClear}
                busy={busy}
              />
            </div>
          )}
        </>
      )}
    </Card>
  );
}
