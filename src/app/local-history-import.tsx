import { lazy, Suspense, useEffect, useState } from 'react';
import { readConnection } from '../lib/connection-settings';
import { hasLocalHistory } from '../lib/local-history-probe';

// The offer reads every feature's own store: its code loads only when one of them holds something.
const HistoryImportOffer = lazy(() =>
  import('./history-import').then((module) => ({ default: module.HistoryImportOffer })),
);

/**
 * In gateway mode, the offer to import what this browser kept on its own, mounted only when
 * this browser kept something: most browsers never did, and never fetch the offer's code.
 */
export function LocalHistoryImport() {
  const [offer, setOffer] = useState(false);
  useEffect(() => {
    if (readConnection().mode !== 'gateway') return;
    let live = true;
    void hasLocalHistory()
      .catch(() => true)
      .then((has) => live && has && setOffer(true));
    return () => {
      live = false;
    };
  }, []);
  return offer ? (
    <Suspense fallback={null}>
      <HistoryImportOffer />
    </Suspense>
  ) : null;
}
