import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accessMeQuery } from '../../lib/access-me';
import { QueryProvider } from '../../lib/query-provider';
import { useRefetchOnJobChange } from '../../lib/use-refetch-on-job-change';
import { useNow } from '../../lib/use-now';
import { InboxPopover, type BellPlacement } from './components/inbox-popover';
import { inboxQueries, useMarkInboxRead, type InboxScope } from './queries';

interface InboxBellProps {
  placement: BellPlacement;
  /** Goes to a page of the dashboard (an item's job). */
  onNavigate: (path: string) => void;
}

/**
 * The inbox bell of the shell, in gateway mode. Loaded apart from the first page, with the
 * query library it brings, so start-up does not wait for it.
 */
export function InboxBell(props: InboxBellProps) {
  return (
    <QueryProvider>
      <Bell {...props} />
    </QueryProvider>
  );
}

// A minute is fine enough for "5 min ago".
const clockMs = 60_000;
function Bell({ placement, onNavigate }: InboxBellProps) {
  const me = useQuery(accessMeQuery());
  // In open mode nobody signs in: there is one inbox, with nothing to switch between.
  const signedIn = Boolean(me.data?.user);
  const [scope, setScope] = useState<InboxScope>('mine');
  const listedScope = signedIn ? scope : 'mine';
  const mine = useQuery(inboxQueries.list('mine'));
  const listed = useQuery(inboxQueries.list(listedScope));
  const markRead = useMarkInboxRead();
  const now = useNow(clockMs);
  useRefetchOnJobChange(inboxQueries.all());

  return (
    <InboxPopover
      placement={placement}
      unread={mine.data?.unread ?? 0}
      inbox={listed.data}
      error={listed.error}
      scope={signedIn ? { value: scope, onChange: setScope } : null}
      onMarkAll={() => markRead.mutate({ all: true })}
      now={now}
      onOpen={(item, path) => {
        if (!item.read) markRead.mutate({ ids: [item.id] });
        if (path) onNavigate(path);
      }}
    />
  );
}
