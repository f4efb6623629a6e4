import { Card } from '../../components/card';
import { useServerHistory } from '../../lib/server-history';
import { useNow } from '../../lib/use-now';
import { RecentActivityList } from './components/recent-activity-list';

/**
 * Home's recent activity across kinds, read from the gateway's history. Loaded on its own, so
 * the first paint of home waits for neither the API client nor the answer.
 */
export function RecentActivity() {
  const { entries, loaded } = useServerHistory('recent');
  const now = useNow(30_000);
  return (
    <Card title="Recent activity" labelledBy="home-activity">
      {loaded ? (
        <RecentActivityList entries={entries} now={now} />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
      )}
    </Card>
  );
}
