import { useBlocker } from '@tanstack/react-router';
import { LeaveDialog } from './leave-dialog';

export interface LeaveBlockerProps {
  title: string;
  consequence: string;
}

/** Holds a link inside the dashboard until the user says Leave or Stay. */
export function LeaveBlocker({ title, consequence }: LeaveBlockerProps) {
  // Another page only: the tabs and drafts of this one keep its forms, and what runs in them.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return (
    <LeaveDialog
      title={title}
      consequence={consequence}
      onLeave={blocker.proceed}
      onStay={blocker.reset}
    />
  );
}
