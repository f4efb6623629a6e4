import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { budgetQueries } from '../../lib/budget-queries';
import { QueryProvider } from '../../lib/query-provider';
import { useRefetchOnJobChange } from '../../lib/use-refetch-on-job-change';
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

function Banner({ onNavigate }: BudgetBannerProps) {
  // A gateway without budgets (an older one) or a failed read shows nothing: the banner is a
  // courtesy, the gateway's refusal is what holds.
  const budgets = useQuery(budgetQueries.current());
  const [dismissed, setDismissed] = useState(readDismissed);
  useRefetchOnJobChange(budgetQueries.all());
  if (!budgets.data) return null;
  return (
    <BudgetNoticeList
      notices={budgetNotices(budgets.data, dismissed)}
      onDismiss={(notice) => setDismissed(dismissNotice(notice.key))}
      onNavigate={onNavigate}
    />
  );
}
