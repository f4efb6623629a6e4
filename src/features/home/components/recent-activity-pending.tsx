import { Card } from '../../../components/card';

/**
 * Home's recent activity while it loads: its code, then the gateway's answer. The same card
 * throughout, so the page drawn before the app's code (build/prerender-pages.ts) keeps it when
 * the app takes over, instead of losing it until the code arrives and moving what is below.
 */
export function RecentActivityPending() {
  return (
    <Card title="Recent activity" labelledBy="home-activity">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
    </Card>
  );
}
