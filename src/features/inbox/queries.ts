import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import type { Inbox, InboxRead } from '../../api/contract/notifications';

export type InboxScope = 'mine' | 'everyone';

/** How many items the bell lists: a day or two of a busy team's jobs. */
export const inboxLimit = 30;
/**
 * The live history stream says when a job ends (inbox-bell.tsx follows it); this is
 * for when it cannot, and for news no job brings (a webhook paused after failing for days).
 */
export const inboxPollMs = 60_000;

/** The signed-in person's inbox (gateway mode only); in open mode there is one for everyone. */
export const inboxQueries = {
  all: () => ['inbox'] as const,
  list: (scope: InboxScope) =>
    queryOptions({
      queryKey: [...inboxQueries.all(), scope] as const,
      queryFn: ({ signal }) => apiClient.inbox({ scope, limit: inboxLimit }, { signal }),
      refetchInterval: inboxPollMs,
      // Back at the tab after a while: what ended meanwhile shows at once.
      refetchOnWindowFocus: 'always',
    }),
};

/** An inbox with some items (or all, `ids` null) read, and its count to match. */
function withRead(inbox: Inbox, ids: readonly string[] | null): Inbox {
  const marks = (id: string) => ids === null || ids.includes(id);
  const newlyRead = inbox.items.filter((item) => !item.read && marks(item.id)).length;
  return {
    items: inbox.items.map((item) => (marks(item.id) ? { ...item, read: true } : item)),
    unread: ids === null ? 0 : Math.max(0, inbox.unread - newlyRead),
  };
}

/**
 * Marks items read. The bell shows it at once; the inboxes are read again after, as the
 * gateway's answer counts one scope only.
 */
export function useMarkInboxRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: InboxRead) => apiClient.markInboxRead(read),
    onMutate: (read) => {
      queryClient.setQueriesData<Inbox>({ queryKey: inboxQueries.all() }, (inbox) =>
        inbox ? withRead(inbox, read.all ? null : (read.ids ?? [])) : inbox,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueries.all() }),
  });
}
