import { Suspense, useEffect, useState } from 'react';
import { useBeforeUnload } from '../lib/use-before-unload';
import { whenIdle } from '../lib/use-idle';
import { deferred } from './deferred';

// The router's blocker loads apart from the page, once it is idle; its dialog when needed.
const blocker = deferred(() => import('./leave-blocker').then((module) => module.LeaveBlocker));

interface LeaveGuardProps {
  /** While true, leaving asks first. */
  active: boolean;
  /** What is under way, as a heading: "The voice training is starting". */
  title: string;
  /** What happens if the user leaves anyway. */
  consequence: string;
}

/**
 * Asks before the user leaves while something they started is on its way: the browser's own
 * prompt for a reload, a closed tab or a typed address (beforeunload), and the page's own
 * dialog for a link inside the dashboard.
 */
export function LeaveGuard({ active, title, consequence }: LeaveGuardProps) {
  // Loaded at the first idle moment, not on first use like other parts: a start can follow the
  // first tap at once, and the blocker must be in place by the first link clicked after it.
  useEffect(() => whenIdle(() => void blocker.preload()), []);
  useBeforeUnload(active);
  // Mounted from the first time it is needed on: when the work ends while the dialog asks,
  // the blocker itself lets the held link go on (the user asked to leave, and nothing is lost).
  const [armed, setArmed] = useState(active);
  if (active && !armed) setArmed(true);
  if (!armed) return null;
  return (
    <Suspense fallback={null}>
      <blocker.Component active={active} title={title} consequence={consequence} />
    </Suspense>
  );
}
