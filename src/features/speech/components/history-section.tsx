import { Card } from '../../../components/card';
import { ClearHistoryButton } from '../../../components/clear-history-button';
import { ErrorView } from '../../../components/error-view';
import { historyLimit, type HistoryEntry } from '../history-store';
import { HistoryList } from './history-list';

interface HistorySectionProps {
  entries: HistoryEntry[];
  loading: boolean;
  error: unknown;
  voiceNames: ReadonlyMap<string, string>;
  onUse: (entry: HistoryEntry) => void;
  onRemove: (entry: HistoryEntry) => void;
  onClear: () => void;
  busy: boolean;
}

export function HistorySection({ error, onClear, busy, ...list }: HistorySectionProps) {
  return (
    <Card
      labelledBy="speech-history-title"
      title="History"
      description={`The last ${historyLimit} syntheses made in this browser, kept on this device only.`}
    >
      {error ? (
        <ErrorView title="The history could not be read" error={error} />
      ) : (
        <>
          <HistoryList {...list} removing={busy} />
          {list.entries.length > 0 && (
            <ClearHistoryButton
              confirmation={'Delete every entry of the speech history in this browser?'}
              onClear={onClear}
              busy={busy}
            />
          )}
        </>
      )}
    </Card>
  );
}
