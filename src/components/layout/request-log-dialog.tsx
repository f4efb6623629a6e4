import { Suspense, useState, useSyncExternalStore } from 'react';
import { readRequestLog, subscribeRequestLog } from '../../lib/request-log';
import { deferred } from '../deferred';

/**
 * The dialog (its dialog library, the query library and the curl target) loads when it is
 * about to be opened (a pointer or a finger on the button, or the focus), not with every
 * page: most visits never open it. A click before it is in opens it once it is.
 */
const panel = deferred(() => import('./request-log-panel').then((m) => m.RequestLogPanel));

/**
 * Every API request this tab made, newest first, each as a curl command: the way from the
 * dashboard to code for any page, not only the ones with their own "copy as curl".
 */
export function RequestLogButton() {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps headless UI's leave transition.
  const [opened, setOpened] = useState(false);
  // Only the count shows here. It stops moving at the log's limit, so the button does not
  // render again for every API request (the jobs board makes dozens a second).
  const count = useSyncExternalStore(subscribeRequestLog, readCount, readCount);
  return (
    <>
      <button
        type="button"
        onPointerEnter={panel.preload}
        onTouchStart={panel.preload}
        onFocus={panel.preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="flex min-h-11 w-full items-center justify-between rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white md:min-h-0"
      >
        API requests
        <span className="text-xs text-zinc-500 tabular-nums">{count}</span>
      </button>
      {opened && (
        <Suspense fallback={null}>
          <LoggedRequests open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

const readCount = () => readRequestLog().length;
const unsubscribed = () => () => {};

/** The dialog follows the log while it is open; closed, it keeps what it showed. */
function LoggedRequests({ open, onClose }: { open: boolean; onClose: () => void }) {
  const requests = useSyncExternalStore(
    open ? subscribeRequestLog : unsubscribed,
    readRequestLog,
    readRequestLog,
  );
  return <panel.Component open={open} onClose={onClose} requests={requests} />;
}
