import { useEffect, useSyncExternalStore } from 'react';
import { readConnection, subscribeConnection } from '../lib/connection-settings';
import { toast } from '../lib/toast';

const isGatewayMode = () => readConnection().mode === 'gateway';

/**
 * The gateway answered a request but could not record it: whichever page is open, the user
 * learns that the shared history may miss it (pages that list the history also say so).
 * One toast, replaced by the latest message, so a failing disk does not stack dozens.
 */
export function HistoryWarningToast() {
  const gateway = useSyncExternalStore(subscribeConnection, isGatewayMode, isGatewayMode);
  useEffect(() => {
    if (!gateway) return;
    let off: (() => void) | null = null;
    let cancelled = false;
    void import('../lib/server-history').then((history) => {
      if (cancelled) return;
      off = history.onHistoryWarning((message) =>
        toast.warning('The history may be incomplete', {
          id: 'history-warning',
          description: message,
          duration: 10_000,
        }),
      );
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [gateway]);
  return null;
}
