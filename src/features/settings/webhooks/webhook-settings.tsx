import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import type { Webhook, WebhookWithSecret } from '../../../api/contract/notifications';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorView } from '../../../components/error-view';
import { accessMeQuery } from '../../../lib/access-me';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import type { WebhookFormValues } from './components/webhook-form';
import { webhookFormDialog, webhookSecretDialog } from './components/webhook-dialogs';
import { WebhooksList } from './components/webhooks-list';
import { WebhookDeliveries } from './webhook-deliveries';
import { defaultEvents } from './webhook-fields';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  webhookQueries,
} from './queries';

// A minute is fine enough for "failing since 3 h ago".
const clockMs = 60_000;

const newWebhook: WebhookFormValues = {
  url: '',
  events: defaultEvents,
  format: 'standard',
  scope: 'personal',
  description: '',
};

type Editing =
  { mode: 'add'; created: WebhookWithSecret | null } | { mode: 'edit'; webhook: Webhook };

/** Settings → Webhooks, in gateway mode: where the gateway tells other systems of jobs. */
export function WebhookSettings() {
  const me = useQuery(accessMeQuery());
  // In open mode nobody signs in: every webhook sees every job, so scope and owner say nothing.
  const signedIn = Boolean(me.data?.user);
  const webhooks = useQuery(webhookQueries.list());
  const create = useCreateWebhook();
  const edit = useUpdateWebhook();
  const pause = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const now = useNow(clockMs);
  const [editing, setEditing] = useState<Editing | null>(null);
  // A rotated secret; a new webhook's shows in the dialog it was made in.
  const [rotated, setRotated] = useState<WebhookWithSecret | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // Fetched as soon as a pointer or the focus reaches the card, so a dialog does not wait for a
  // download, and a visit that never comes near the webhooks does not fetch them at all.
  const preloadDialogs = () => {
    void webhookFormDialog.preload();
    void webhookSecretDialog.preload();
  };

  const save = editing?.mode === 'edit' ? edit : create;
  const onSave = (values: WebhookFormValues) => {
    const { scope, ...rest } = values;
    const body = signedIn ? { ...rest, scope } : rest;
    if (editing?.mode === 'edit') {
      return edit.mutateAsync({ id: editing.webhook.id, changes: body }).then((saved) => {
        setEditing(null);
        toast.success(`Webhook to ${saved.url} saved`);
      });
    }
    return create.mutateAsync(body).then((created) => setEditing({ mode: 'add', created }));
  };
  // After a dialog whose opener is gone (a new webhook's secret, a deleted row), the focus
  // goes on from the Add button rather than from the top of the page.
  const refocus = () => requestAnimationFrame(() => addButton.current?.focus());

  return (
    <Card
      labelledBy="webhooks-title"
      title="Webhooks"
      description="The gateway posts each event you choose to your URL: signed JSON (Standard Webhooks), or a Slack or Discord message."
    >
      <div className="space-y-3" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
        <Button
          ref={addButton}
          onClick={() => {
            create.reset();
            setEditing({ mode: 'add', created: null });
          }}
        >
          Add webhook
        </Button>
        {webhooks.isPending ? (
          <p role="status" className="text-sm text-zinc-500">
            Reading the webhooks…
          </p>
        ) : webhooks.error ? (
          <ErrorView
            title="The webhooks could not be read"
            error={webhooks.error}
            onRetry={() => void webhooks.refetch()}
          />
        ) : (
          <WebhooksList
            webhooks={webhooks.data}
            now={now}
            signedIn={signedIn}
            pending={{
              pause: pause.isPending ? (pause.variables?.id ?? null) : null,
              resume: pause.isPending ? (pause.variables?.id ?? null) : null,
              test: test.isPending ? (test.variables ?? null) : null,
              rotate: rotate.isPending ? (rotate.variables ?? null) : null,
              delete: remove.isPending ? (remove.variables ?? null) : null,
            }}
            onEdit={(webhook) => {
              edit.reset();
              setEditing({ mode: 'edit', webhook });
            }}
            onPause={(webhook) =>
              pause.mutate(
                { id: webhook.id, changes: { paused: true } },
                {
                  onSuccess: () => toast.success(`Webhook to ${webhook.url} paused`),
                  onError: (error) => toast.error(`Could not pause it: ${error.message}`),
                },
              )
            }
            onResume={(webhook) =>
              pause.mutate(
                { id: webhook.id, changes: { paused: false } },
                {
                  onSuccess: () => toast.success(`Webhook to ${webhook.url} resumed`),
                  onError: (error) => toast.error(`Could not resume it: ${error.message}`),
                },
              )
            }
            onTest={(webhook) =>
              test.mutate(webhook.id, {
                onSuccess: () =>
                  toast.success(`Test event sent to ${webhook.url}: see it under Deliveries`),
                onError: (error) => toast.error(`Could not send a test event: ${error.message}`),
              })
            }
            onRotate={(webhook) =>
              rotate.mutate(webhook.id, {
                onSuccess: setRotated,
                onError: (error) => toast.error(`Could not rotate the secret: ${error.message}`),
              })
            }
            onDelete={(webhook) =>
              remove.mutate(webhook.id, {
                onSuccess: () => {
                  toast.success(`Webhook to ${webhook.url} deleted`);
                  refocus();
                },
                onError: (error) => toast.error(`Could not delete it: ${error.message}`),
              })
            }
            onDeliveries={setDeliveriesOf}
          />
        )}
      </div>
      <Suspense fallback={null}>
        {editing && (
          <webhookFormDialog.Component
            title={editing.mode === 'edit' ? 'Edit webhook' : 'Add webhook'}
            submitLabel={editing.mode === 'edit' ? 'Save webhook' : 'Add webhook'}
            defaultValues={editing.mode === 'edit' ? valuesOf(editing.webhook) : newWebhook}
            showScope={signedIn}
            onSubmit={onSave}
            onClose={() => {
              setEditing(null);
              if (editing.mode === 'add' && editing.created) refocus();
            }}
            submitting={save.isPending}
            error={save.error}
            created={editing.mode === 'add' ? editing.created : null}
          />
        )}
        {rotated && (
          <webhookSecretDialog.Component
            webhook={rotated}
            rotated
            onClose={() => setRotated(null)}
          />
        )}
        {deliveriesOf && (
          <WebhookDeliveries webhook={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
        )}
      </Suspense>
    </Card>
  );
}

const valuesOf = (webhook: Webhook): WebhookFormValues => ({
  url: webhook.url,
  events: webhook.events,
  format: webhook.format,
  scope: webhook.scope,
  description: webhook.description,
});
