import { useBlocker } from '@tanstack/react-router';
import { LeaveDialog } from './leave-dialog';

export interface LeaveBlockerProps {
  title: string;
  consequence: string;
}

/** Holds a link inside the dashboard until the user says Leave or Stay. */
export function LeaveBlocker({ title, consequence }: LeaveBlockerProps) {
  const blocker = useBlocker({ shouldBlockFn: () => true, withResolver: true });
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
