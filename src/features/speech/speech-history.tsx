import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useViewer } from '../../lib/access-me';
import { toast } from '../../lib/toast';
import { useCurlTarget } from '../../lib/curl-target';
import { refreshHistory, useServerHistory } from '../../lib/server-history';
import { HistorySection, type HistoryFilterProps } from './components/history-section';
import {
  speechQueries,
  useClearHistory,
  useRemoveHistoryEntry,
  useRemoveSharedTake,
} from './queries';
import type { SpeechFormValues } from './speech-form-schema';
import { takeFromLocal, takeFromShared, type SpeechTake } from './speech-take';
import { takeCurl } from './take-curl';

interface SpeechHistoryProps extends HistoryFilterProps {
  voiceNames: ReadonlyMap<string, string>;
  onUse: (settings: SpeechFormValues) => void;
}

function useTakeCurl() {
  const target = useCurlTarget();
  return (take: SpeechTake) => takeCurl(take.request, target);
}

const removeFailed = (error: Error) =>
  toast.error(`Could not delete the take from the history: ${error.message}`);

/** Direct mode: the takes this browser kept in IndexedDB. */
export function LocalSpeechHistory({ voiceNames, onUse, ...filter }: SpeechHistoryProps) {
  const history = useQuery(speechQueries.history());
  const remove = useRemoveHistoryEntry();
  const clearAll = useClearHistory();
  const curlFor = useTakeCurl();
  const takes = useMemo(() => (history.data ?? []).map(takeFromLocal), [history.data]);
  const { mutate } = remove;
  const onRemove = useCallback(
    (take: SpeechTake) => mutate(take.id, { onError: removeFailed }),
    [mutate],
  );
  return (
    <HistorySection
      takes={takes}
      loading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      shared={false}
      voiceNames={voiceNames}
      curlFor={curlFor}
      onUse={onUse}
      onRemove={onRemove}
      {...filter}
      removingId={remove.isPending ? remove.variables : null}
      viewer={null}
      onClear={() => clearAll.mutate()}
      clearing={clearAll.isPending}
    />
  );
}

/**
 * Gateway mode: the gateway's `speech` group (sync takes, async tasks, voice extends), from
 * every browser and client, live. There is no "Clear history" here: it would delete every
 * take everyone made through this gateway, so takes are deleted one at a time, on purpose.
 */
export function SharedSpeechHistory({ voiceNames, onUse, ...filter }: SpeechHistoryProps) {
  const history = useServerHistory('speech');
  const remove = useRemoveSharedTake();
  // On a shared gateway only the person who made a take may delete it (the gateway refuses
  // others): Delete shows on those only, and on what nobody made signed in.
  const viewer = useViewer(true);
  const curlFor = useTakeCurl();
  const takes = useMemo(() => history.entries.map(takeFromShared), [history.entries]);
  const { mutate } = remove;
  const onRemove = useCallback(
    (take: SpeechTake) => mutate(take.id, { onError: removeFailed }),
    [mutate],
  );
  return (
    <HistorySection
      takes={takes}
      unread={history.unread}
      loading={!history.loaded}
      // A failed read keeps the list it had; only an empty one gives way to the error.
      error={takes.length === 0 ? history.error : null}
      onRetry={() => void refreshHistory('speech')}
      warning={history.warning}
      shared
      voiceNames={voiceNames}
      curlFor={curlFor}
      onUse={onUse}
      onRemove={onRemove}
      {...filter}
      removingId={remove.isPending ? remove.variables : null}
      viewer={viewer}
    />
  );
}
