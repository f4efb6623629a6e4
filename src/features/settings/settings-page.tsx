import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast';
import { Card } from '../../components/card';
import { PageShell } from '../../components/page-shell';
import { Staged } from '../../components/staged';
import { readConnection, subscribeConnection } from '../../lib/connection-settings';
import { AccessSettings } from './access/access-settings';
import { ConnectionForm } from './components/connection-form';
import { ConnectionTestResult } from './components/connection-test-result';
import { GatewayStatusPanel } from './components/gateway-status-panel';
import { toConnection, toFormValues } from './connection-form-values';
import { gatewayQueries } from '../../lib/gateway-queries';
import { useSaveConnection, useTestConnection } from './queries';
import { budgetSettingsHash } from '../../lib/budget-queries';
import { BudgetSettings } from './budgets/budget-settings';
import { NotificationSettings } from './notifications/notification-settings';
import { WebhookSettings } from './webhooks/webhook-settings';
import { pageMeta } from '../../lib/page-meta';

/**
 * The gateway's status, its query in a component of its own: its answer redraws this card, not
 * the whole page with every form and list below it.
 */
function GatewayStatusCard() {
  const status = useQuery(gatewayQueries.status());
  return (
    <Card
      labelledBy="gateway-status-title"
      title="Gateway"
      description={
        <>
          The dashboard’s own server and what it forwards <code>/api/v1</code> to.
        </>
      }
    >
      <GatewayStatusPanel
        status={status.data}
        error={status.error}
        isPending={status.isPending}
        onRetry={() => void status.refetch()}
      />
    </Card>
  );
}

export function SettingsPage() {
  const connection = useSyncExternalStore(subscribeConnection, readConnection, readConnection);
  const test = useTestConnection();
  const save = useSaveConnection();

  return (
    <PageShell title={pageMeta.settings.heading} description={pageMeta.settings.summary}>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <GatewayStatusCard />
        <Card
          labelledBy="connection-title"
          title="Connection"
          description={`Currently: ${connection.mode === 'gateway' ? 'through the gateway' : `direct to ${connection.baseUrl}`}.`}
        >
          <ConnectionForm
            // Re-mount when the saved connection changes elsewhere (another tab), so the form shows it.
            key={JSON.stringify(connection)}
            defaultValues={toFormValues(connection)}
            saving={save.isPending}
            testing={test.isPending}
            onSave={(values) =>
              save.mutate(toConnection(values), {
                onSuccess: () => toast.success('Connection saved'),
                onError: (error) => toast.error(`Could not save the connection: ${error.message}`),
              })
            }
            onTest={(values) => test.mutate(toConnection(values))}
          />
          <div className="mt-4" aria-live="polite">
            <ConnectionTestResult outcome={test.data} error={test.error} />
          </div>
        </Card>
        {/*
         * The gateway's sections, each drawn a task after the top of the page when the app
         * takes over the prerendered one (../../components/staged.tsx): their queries,
         * mutations and forms, under the fold on a phone, are most of the page's work.
         */}
        {/* The gateway's sign-in; in direct mode the service's key decides, and no one signs in. */}
        {connection.mode === 'gateway' && (
          <Staged>
            <div className="lg:col-span-2">
              <AccessSettings />
            </div>
          </Staged>
        )}
        {/* The gateway tells other systems and devices of jobs; in direct mode there is none. */}
        {connection.mode === 'gateway' && (
          <>
            <Staged>
              <div className="lg:col-span-2">
                <WebhookSettings />
              </div>
            </Staged>
            <Staged>
              <div className="lg:col-span-2">
                <NotificationSettings />
              </div>
            </Staged>
            <Staged>
              <div id={budgetSettingsHash} className="scroll-mt-4 lg:col-span-2">
                <BudgetSettings />
              </div>
            </Staged>
          </>
        )}
      </div>
    </PageShell>
  );
}
