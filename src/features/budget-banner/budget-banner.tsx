import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { budgetQueries } from '../../lib/budget-queries';
import { QueryProvider } from '../../lib/query-provider';
import { budgetNotices } from './budget-notices';
import { BudgetNoticeList } from './components/budget-notice-list';
import { dismissNotice, readDismissed } from './dismissed-notices';

interface BudgetBannerProps {
  onNavigate: (path: string) => void;
}

/**
 * The shell's budget banner, in gateway mode. Loaded apart from the first page, as the inbox
 * bell is, with the query library it brings, so start-up does not wait for it.
 */
export function BudgetBanner(props: BudgetBannerProps) {
  return (
    <QueryProvider>
      <Banner {...props} />
    </QueryProvider>
  );
}

/** Several jobs changing at once (a batch ending) make one read of the budgets, not one each. */
const settleMs = 500;

function Banner({ onNavigate }: BudgetBannerProps) {
  // A gateway without budgets (an older one) or a failed read shows nothing: the banner is a
  // courtesy, the gateway's refusal is what holds.
  const budgets = useQuery(budgetQueries.current());
  const [dismissed, setDismissed] = useState(readDismissed);
  useBudgetsFollowHistory();
  if (!budgets.data) return null;
  return (
    <BudgetNoticeList
      notices={budgetNotices(budgets.data, dismissed)}
      onDismiss={(notice) => setDismissed(dismissNotice(notice.key))}
      onNavigate={onNavigate}
    />
  );
}

/**
 * Spend moves when a training is created or settles, which the history's live stream tells (the
 * job watcher keeps it open in gateway mode): the budgets are read again then.
 */
function useBudgetsFollowHistory() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const seen = new Map<string, string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let off: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/server-history').then((history) => {
      if (cancelled) return;
      off = history.onHistoryTransition((_previous, entry) => {
        if (seen.get(entry.id) === entry.status) return;
        seen.set(entry.id, entry.status);
        clearTimeout(timer);
        timer = setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: budgetQueries.all() }),
          settleMs,
        );
      });
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      off?.();
    };
  }, [queryClient]);
}
