import { useBlocker } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LeaveDialog } from './leave-dialog';

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
  if (!held || !active) return null;
  return (
    <LeaveDialog
      title={title}
      consequence={consequence}
      onLeave={blocker.proceed}
      onStay={blocker.reset}
    />
  );
}
