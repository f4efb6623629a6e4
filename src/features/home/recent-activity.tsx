import { Card } from '../../components/card';
import { useServerHistory } from '../../lib/server-history';
import { useNow } from '../../lib/use-now';
import { RecentActivityList } from './components/recent-activity-list';
import { RecentActivityPending } from './components/recent-activity-pending';

/**
 * Home's recent activity across kinds, read from the gateway's history. Loaded on its own, so
 * the first paint of home waits for neither the API client nor the answer.
 */
export function RecentActivity() {
  const { entries, loaded } = useServerHistory('recent');
  const now = useNow(30_000);
  if (!loaded) return <RecentActivityPending />;
  return (
    <Card title="Recent activity" labelledBy="home-activity">
      <RecentActivityList entries={entries} now={now} />
    </Card>
  );
}
