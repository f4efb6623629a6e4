import { Card } from '../../../components/card';
import { ClearHistoryButton } from '../../../components/clear-history-button';
import { ErrorView } from '../../../components/error-view';
import { generationHistoryLimit, type GenerationEntry } from '../history-store';
import { HistoryEntryItem } from './history-entry';

interface HistorySectionProps {
  kind: GenerationEntry['kind'];
  entries: readonly GenerationEntry[];
  loading: boolean;
  error: unknown;
  selectedId: string | null;
  curlFor: (entry: GenerationEntry) => string;
  onShow: (entry: GenerationEntry) => void;
  onReuse: (entry: GenerationEntry) => void;
  onRemove: (entry: GenerationEntry) => void;
  onClear: () => void;
  busy: boolean;
}

export function HistorySection({
  kind,
  entries,
  loading,
  error,
  onClear,
  busy,
  selectedId,
  curlFor,
  ...actions
}: HistorySectionProps) {
  const noun = kind === 'image' ? 'image' : 'video';
  return (
    <Card
      labelledBy={`generate-${kind}-history`}
      title="History"
      description={`Your last ${generationHistoryLimit} generations in this browser, kept on this device only.`}
    >
      {error ? (
        <ErrorView title="The history could not be read" error={error} />
      ) : loading ? (
        <p className="text-sm text-zinc-500">Loading history…</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No {noun} generations yet. Each one you make appears here, with its settings, so you can
          reuse them.
        </p>
      ) : (
        <>
          <ul aria-label={`${noun} generation history`} className="space-y-3">
            {entries.map((entry) => (
              <HistoryEntryItem
                key={entry.id}
                entry={entry}
                selected={entry.id === selectedId}
                curl={curlFor(entry)}
                removing={busy}
                {...actions}
              />
            ))}
          </ul>
          <ClearHistoryButton
            confirmation={`Delete every ${noun} generation of the history in this browser?`}
            onClear={onClear}
            busy={busy}
          />
        </>
      )}
    </Card>
  );
}
