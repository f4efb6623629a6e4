import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { AppLayout, type InboxPlacement } from '../components/layout/app-layout';
import { readConnection, subscribeConnection } from '../lib/connection-settings';
import { useIdle } from '../lib/use-idle';

/**
 * The bell brings the query library, the API client and the contract: it loads once the first
 * page has drawn and the browser is idle, so it never holds up start-up.
 */
const InboxBell = lazy(() =>
  import('../features/inbox/inbox-bell').then((m) => ({ default: m.InboxBell })),
);

/** The budget banner, for the same reason and at the same moment as the bell. */
const BudgetBanner = lazy(() =>
  import('../features/budget-banner/budget-banner').then((m) => ({ default: m.BudgetBanner })),
);

/**
 * The shell of every page, with the inbox bell and the budget banner in gateway mode (in direct
 * mode there is no gateway).
 */
export function AppShell() {
  const connection = useSyncExternalStore(subscribeConnection, readConnection, readConnection);
  const idle = useIdle();
  const router = useRouter();
  const navigate = (path: string) => void router.navigate({ href: path });
  const gatewayReady = connection.mode === 'gateway' && idle;
  const inbox = gatewayReady
    ? (placement: InboxPlacement) => (
        <Suspense fallback={null}>
          <InboxBell placement={placement} onNavigate={navigate} />
        </Suspense>
      )
    : undefined;
  const banner = gatewayReady && (
    <Suspense fallback={null}>
      <BudgetBanner onNavigate={navigate} />
    </Suspense>
  );
  return <AppLayout inbox={inbox} banner={banner} />;
}
