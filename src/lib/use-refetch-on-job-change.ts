import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Several jobs changing at once (a batch ending) make one read, not one each. */
const settleMs = 500;

/**
 * Reads `queryKey` again when a job of the gateway's history shows up or changes status, as its
 * live stream tells (the job watcher keeps it open in gateway mode); not at each progress
 * reading. What a job's end writes beside its entry (an inbox notice, a budget's spend) is then
 * read once it is there.
 */
export function useRefetchOnJobChange(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const seen = new Map<string, string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let off: (() => void) | undefined;
    let cancelled = false;
    void import('./server-history').then((history) => {
      if (cancelled) return;
      off = history.onHistoryTransition((_previous, entry) => {
        if (seen.get(entry.id) === entry.status) return;
        seen.set(entry.id, entry.status);
        clearTimeout(timer);
        timer = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
          settleMs,
        );
      });
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      off?.();
    };
  }, [queryClient, key]);
}
