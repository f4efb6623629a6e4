import { Card } from '../../../components/card';
import { ClearHistoryButton } from '../../../components/clear-history-button';
import { ErrorView } from '../../../components/error-view';
import { HistoryWarning } from '../../../components/history-warning';
import { historyLimit } from '../history-store';
import { HistoryList, type HistoryListProps } from './history-list';

interface HistorySectionProps extends HistoryListProps {
  error: unknown;
  onRetry?: () => void;
  /** The gateway could not record something: its history may miss a take. */
  warning?: string | null;
  /** Only this browser's own history can be cleared at once (see SharedSpeechHistory). */
  onClear?: () => void;
  clearing?: boolean;
}

export function HistorySection({
  error,
  onRetry,
  warning = null,
  onClear,
  clearing = false,
  ...list
}: HistorySectionProps) {
  return (
    <Card
      labelledBy="speech-history-title"
      title="History"
      description={
        list.shared
          ? 'Every synthesis and voice extend made through this gateway, by anyone, updated live.'
          : `The last ${historyLimit} syntheses made in this browser. Kept in this browser only.`
      }
    >
      {error ? (
        <ErrorView title="The history could not be read" error={error} onRetry={onRetry} />
      ) : (
        <div className="space-y-4">
          <HistoryWarning message={warning} />
          <HistoryList {...list} />
          {onClear && list.takes.length > 0 && (
            <ClearHistoryButton
              confirmation={'Delete every entry of the speech history in this browser?'}
              onClear={onClear}
              busy={clearing}
            />
          )}
        </div>
      )}
    </Card>
  );
}
