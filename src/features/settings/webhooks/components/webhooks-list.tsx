import clsx from 'clsx';
import { Suspense, useState, type ReactNode } from 'react';
import { secretOverlapHours } from '../../../../api/contract/notification-paths';
import type { Webhook } from '../../../../api/contract/notifications';
import { relativeTime } from '../../../../lib/relative-time';
import { eventLabel, formatLabels, scopeLabels } from '../webhook-fields';
import { confirmDialog, webhookFormDialog } from './webhook-dialogs';

/** What a row's buttons do; each pending one names the webhook it acts on. */
export type WebhookAction = 'pause' | 'resume' | 'test' | 'rotate' | 'delete';

interface WebhooksListProps {
  webhooks: readonly Webhook[];
  now: number;
  /** Signed in: each webhook's scope and owner matter. */
  signedIn: boolean;
  pending: Partial<Record<WebhookAction, string | null>>;
  onEdit: (webhook: Webhook) => void;
  onPause: (webhook: Webhook) => void;
  onResume: (webhook: Webhook) => void;
  onTest: (webhook: Webhook) => void;
  /** Called once the rotation is confirmed. */
  onRotate: (webhook: Webhook) => void;
  /** Called once the deletion is confirmed. */
  onDelete: (webhook: Webhook) => void;
  onDeliveries: (webhook: Webhook) => void;
}

type Confirming = { action: 'rotate' | 'delete'; webhook: Webhook };

// Held buttons say so with aria-disabled rather than `disabled`: the focus stays on a button
// pressed from the keyboard while its request is under way, instead of falling to the page.
const rowButton =
  'rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 aria-disabled:opacity-60 max-md:min-h-11 dark:text-zinc-200 dark:hover:bg-zinc-800';
const dangerButton =
  'rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 aria-disabled:opacity-60 max-md:min-h-11 dark:text-red-400 dark:hover:bg-red-950/40';

export function WebhooksList(props: WebhooksListProps) {
  const { webhooks, onRotate, onDelete } = props;
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  if (webhooks.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No webhooks yet.</p>;
  }
  return (
    <>
      <ul
        aria-labelledby="webhooks-title"
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {webhooks.map((webhook) => (
          <WebhookRow
            key={webhook.id}
            webhook={webhook}
            {...props}
            onConfirm={(action) => setConfirming({ action, webhook })}
          />
        ))}
      </ul>
      {confirming && (
        <Suspense fallback={null}>
          {confirming.action === 'rotate' ? (
            <confirmDialog.Component
              title={`Rotate the secret of ${confirming.webhook.url}?`}
              confirmLabel="Rotate secret"
              onCancel={() => setConfirming(null)}
              onConfirm={() => {
                setConfirming(null);
                onRotate(confirming.webhook);
              }}
            >
              A new secret signs from now on, shown once. The current one keeps signing beside it
              for {secretOverlapHours} hours, so the receiver can switch over.
            </confirmDialog.Component>
          ) : (
            <confirmDialog.Component
              title={`Delete the webhook to ${confirming.webhook.url}?`}
              confirmLabel="Delete webhook"
              onCancel={() => setConfirming(null)}
              onConfirm={() => {
                setConfirming(null);
                onDelete(confirming.webhook);
              }}
            >
              Its events stop at once, and its deliveries go with it. This cannot be undone.
            </confirmDialog.Component>
          )}
        </Suspense>
      )}
    </>
  );
}

function WebhookRow({
  webhook,
  now,
  signedIn,
  pending,
  onEdit,
  onPause,
  onResume,
  onTest,
  onDeliveries,
  onConfirm,
}: WebhooksListProps & { webhook: Webhook; onConfirm: (action: 'rotate' | 'delete') => void }) {
  const busy = (action: WebhookAction) => pending[action] === webhook.id;
  // Anyone who sees a webhook may read its log.
  const deliveries = (
    <button
      type="button"
      className={rowButton}
      aria-label={`Deliveries to ${webhook.url}`}
      onClick={() => onDeliveries(webhook)}
    >
      Deliveries
    </button>
  );
  const paused = webhook.status === 'paused';
  const overlapEnds =
    webhook.previous_secret_until && Date.parse(webhook.previous_secret_until) > now
      ? webhook.previous_secret_until
      : null;
  const preload = () => {
    void confirmDialog.preload();
    void webhookFormDialog.preload();
  };
  return (
    <li className="space-y-2 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 font-mono font-medium break-all">{webhook.url}</p>
        <StatusBadge paused={paused} />
      </div>
      {webhook.description && (
        <p className="break-words text-zinc-700 dark:text-zinc-300">{webhook.description}</p>
      )}
      {paused && webhook.paused_reason && (
        <p className="text-amber-800 dark:text-amber-200">Paused: {webhook.paused_reason}</p>
      )}
      {webhook.failing_since && (
        <p className="font-medium text-red-700 dark:text-red-400">
          Failing since{' '}
          <time dateTime={webhook.failing_since} title={webhook.failing_since}>
            {relativeTime(webhook.failing_since, now)}
          </time>
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        <Detail term="Events">{webhook.events.map(eventLabel).join(', ')}</Detail>
        <Detail term="Format">{formatLabels[webhook.format]}</Detail>
        {signedIn && <Detail term="Scope">{scopeLabels[webhook.scope].label}</Detail>}
        {webhook.owner && <Detail term="Owner">{webhook.owner.name}</Detail>}
        <Detail term="Secret">
          {webhook.secret_hint}
          {overlapEnds && (
            <>
              {' '}
              (previous secret valid until{' '}
              <time dateTime={overlapEnds} title={overlapEnds}>
                {new Date(overlapEnds).toLocaleString()}
              </time>
              )
            </>
          )}
        </Detail>
      </dl>
      {webhook.editable ? (
        <div className="flex flex-wrap gap-1" onPointerEnter={preload} onFocus={preload}>
          <button
            type="button"
            className={rowButton}
            aria-label={`Edit ${webhook.url}`}
            onClick={() => onEdit(webhook)}
          >
            Edit
          </button>
          <button
            type="button"
            className={rowButton}
            aria-disabled={busy('pause') || busy('resume')}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${webhook.url}`}
            onClick={() => {
              if (busy('pause') || busy('resume')) return;
              if (paused) onResume(webhook);
              else onPause(webhook);
            }}
          >
            {paused ? 'Resume' : 'Pause'}
          </button>
          <HeldButton
            busy={busy('test')}
            label={`Send test event to ${webhook.url}`}
            onClick={() => onTest(webhook)}
            busyText="Sending…"
          >
            Send test event
          </HeldButton>
          {deliveries}
          <HeldButton
            busy={busy('rotate')}
            label={`Rotate secret of ${webhook.url}`}
            onClick={() => onConfirm('rotate')}
            busyText="Rotating…"
          >
            Rotate secret
          </HeldButton>
          <HeldButton
            busy={busy('delete')}
            label={`Delete ${webhook.url}`}
            onClick={() => onConfirm('delete')}
            busyText="Deleting…"
            danger
          >
            Delete
          </HeldButton>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {deliveries}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Only {webhook.owner?.name ?? 'its owner'} can change it.
          </p>
        </div>
      )}
    </li>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** The status in words, never colour alone. */
function StatusBadge({ paused }: { paused: boolean }) {
  return (
    <span
      className={clsx(
        'rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        paused
          ? 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800'
          : 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800',
      )}
    >
      {paused ? 'Paused' : 'Active'}
    </span>
  );
}

/**
 * A row action held while its request runs: marked unavailable rather than disabled, so the
 * keyboard's focus stays on it, and a second press sends nothing.
 */
function HeldButton({
  busy,
  label,
  onClick,
  busyText,
  danger = false,
  children,
}: {
  busy: boolean;
  label: string;
  onClick: () => void;
  busyText: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? dangerButton : rowButton}
      aria-disabled={busy}
      aria-label={label}
      onClick={() => !busy && onClick()}
    >
      {busy ? busyText : children}
    </button>
  );
}
