import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { HistoryWarning } from '../../components/history-warning';
import { useViewer } from '../../lib/access-me';
import { readConnection } from '../../lib/connection-settings';
import { HistorySection } from './components/history-section';
import type { GenerationKind } from './generation-request';
import type { GenerationEntry } from './history-store';
import type { HistoryFilters } from './search';
import { generateQueries, useClearGenerations, useRemoveGeneration } from './queries';
import { useRemoveSharedGeneration, useSharedGenerations } from './shared-history';
import { refreshHistory } from '../../lib/server-history';

interface GenerationHistoryProps {
  kind: GenerationKind;
  /** The search and filters from the URL; the same in either mode. */
  filters: HistoryFilters;
  onFilter: (patch: HistoryFilters) => void;
  selectedId: string | null;
  curlFor: (entry: GenerationEntry) => string;
  onShow: (entry: GenerationEntry) => void;
  onReuse: (entry: GenerationEntry) => void;
  /** Called before an entry (or all of them, with null) is removed. */
  onRemoving: (entry: GenerationEntry | null) => void;
}

/**
 * The history under the form: the gateway's, shared by everyone, in gateway mode; this
 * browser's own in direct mode. Two components, so a mode change swaps their hooks whole.
 */
export function GenerationHistory(props: GenerationHistoryProps) {
  return readConnection().mode === 'gateway' ? (
    <SharedGenerationHistory {...props} />
  ) : (
    <LocalGenerationHistory {...props} />
  );
}

function LocalGenerationHistory({ kind, onRemoving, ...props }: GenerationHistoryProps) {
  const history = useQuery(generateQueries.history());
  const removeEntry = useRemoveGeneration();
  const clearAll = useClearGenerations();
  const entries = useMemo(
    () => (history.data ?? []).filter((entry) => entry.kind === kind),
    [history.data, kind],
  );
  return (
    <HistorySection
      kind={kind}
      entries={entries}
      loading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      shared={false}
      onRemove={(entry) => {
        onRemoving(entry);
        removeEntry.mutate(entry.id);
      }}
      onClear={() => {
        onRemoving(null);
        clearAll.mutate();
      }}
      busy={removeEntry.isPending || clearAll.isPending}
      viewer={null}
      {...props}
    />
  );
}

function SharedGenerationHistory({ kind, onRemoving, ...props }: GenerationHistoryProps) {
  const history = useSharedGenerations(kind);
  const removeEntry = useRemoveSharedGeneration();
  // On a shared gateway only the person who made a generation may remove it (the gateway
  // refuses others): Remove shows on those only, and on what nobody made signed in.
  const viewer = useViewer(true);
  return (
    <div className="space-y-3">
      <HistoryWarning message={history.warning} />
      {removeEntry.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The entry could not be removed: {removeEntry.error.message}
        </p>
      )}
      {/* No "Clear history" here: it would delete every generation of everyone on this
          gateway in one click. Entries are removed one at a time, each after a confirmation. */}
      <HistorySection
        kind={kind}
        entries={history.entries}
        loading={!history.loaded}
        error={history.entries.length === 0 ? history.error : null}
        onRetry={() => void refreshHistory('generation')}
        shared
        onRemove={(entry) => {
          onRemoving(entry);
          removeEntry.mutate(entry.id);
        }}
        busy={removeEntry.isPending}
        viewer={viewer}
        {...props}
      />
    </div>
  );
}
