import { useBlocker } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { deferred } from './deferred';

/**
 * The dialog and its library load once something is under way (a link may then be held),
 * not with the page: the blocker is in place from idle time on, and most starts end without
 * anyone leaving.
 */
const dialog = deferred(() => import('./leave-dialog').then((module) => module.LeaveDialog));

export interface LeaveBlockerProps {
  /** While true, leaving asks first. */
  active: boolean;
  title: string;
  consequence: string;
}

/**
 * Holds a link inside the dashboard until the user says Leave or Stay. If what was under way
 * ends while the dialog asks, the link goes on by itself: there is nothing left to lose.
 */
export function LeaveBlocker({ active, title, consequence }: LeaveBlockerProps) {
  // Another page only: the tabs and drafts of this one keep its forms, and what runs in them.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    disabled: !active,
    withResolver: true,
  });
  const held = blocker.status === 'blocked';
  const proceed = blocker.proceed;
  useEffect(() => {
    if (held && !active) proceed?.();
  }, [held, active, proceed]);
  useEffect(() => {
    if (active) void dialog.preload();
  }, [active]);
  if (!held || !active) return null;
  return (
    <Suspense fallback={null}>
      <dialog.Component
        title={title}
        consequence={consequence}
        onLeave={blocker.proceed}
        onStay={blocker.reset}
      />
    </Suspense>
  );
}
