import clsx from 'clsx';
import type { DeliveryAttempt, WebhookDelivery } from '../../../../api/contract/notifications';
import { relativeTime } from '../../../../lib/relative-time';
import { eventLabel } from '../webhook-fields';

interface DeliveriesListProps {
  deliveries: readonly WebhookDelivery[];
  now: number;
  /** The delivery being sent again, if any. */
  redeliveringId: string | null;
  /** Absent when this person may only look (a teammate's webhook). */
  onRedeliver?: ((delivery: WebhookDelivery) => void) | undefined;
}

const statusLabels: Record<WebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};
const statusTones: Record<WebhookDelivery['status'], string> = {
  pending:
    'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700',
  succeeded:
    'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800',
  failed:
    'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-800',
};
const originLabels: Record<WebhookDelivery['origin'], string> = {
  event: 'Event',
  test: 'Test',
  redelivery: 'Sent again by hand',
};

/** "in 3 min" for the next attempt, or "now" once it is due. */
function untilText(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  // The first retries come seconds apart: "now" would say it is under way.
  if (!(seconds >= 1)) return 'now';
  if (seconds < 60) return `in ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  return `in ${Math.round(minutes / 60)} h`;
}

/** A webhook's recent deliveries, newest first, with every attempt the receiver answered. */
export function DeliveriesList({
  deliveries,
  now,
  redeliveringId,
  onRedeliver,
}: DeliveriesListProps) {
  if (deliveries.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        No deliveries yet. Send a test event to see one here.
      </p>
    );
  }
  return (
    <ul aria-label="Deliveries" className="space-y-3">
      {deliveries.map((delivery) => {
        const when = relativeTime(delivery.created_at, now);
        const name = `${eventLabel(delivery.event_type)}, ${when}`;
        const attempts = delivery.attempts.length;
        return (
          <li
            key={delivery.id}
            aria-label={name}
            className="space-y-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{eventLabel(delivery.event_type)}</span>
                <code className="text-xs text-zinc-500">{delivery.event_type}</code>
                <span
                  className={clsx(
                    'rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                    statusTones[delivery.status],
                  )}
                >
                  {statusLabels[delivery.status]}
                </span>
              </div>
              {onRedeliver && (
                <button
                  type="button"
                  // aria-disabled: the focus stays on the button while the request is under way.
                  onClick={() => redeliveringId !== delivery.id && onRedeliver(delivery)}
                  aria-disabled={redeliveringId === delivery.id}
                  aria-label={`Redeliver ${name}`}
                  className="rounded-md px-2 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 aria-disabled:opacity-60 max-md:min-h-11 dark:text-zinc-200 dark:hover:bg-zinc-800"
                >
                  {redeliveringId === delivery.id ? 'Sending…' : 'Redeliver'}
                </button>
              )}
            </div>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {originLabels[delivery.origin]} ·{' '}
              <time dateTime={delivery.created_at} title={delivery.created_at}>
                {when}
              </time>{' '}
              · {attempts === 1 ? '1 attempt' : `${attempts} attempts`}
              {delivery.status === 'pending' && delivery.next_attempt_at && (
                <>
                  {' '}
                  · Next attempt{' '}
                  <time dateTime={delivery.next_attempt_at} title={delivery.next_attempt_at}>
                    {untilText(delivery.next_attempt_at, now)}
                  </time>
                </>
              )}
            </p>
            {attempts > 0 && (
              <ol aria-label={`Attempts of ${name}`} className="space-y-2">
                {delivery.attempts.map((attempt, index) => (
                  <AttemptItem key={`${attempt.at}-${index}`} attempt={attempt} now={now} />
                ))}
              </ol>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function AttemptItem({ attempt, now }: { attempt: DeliveryAttempt; now: number }) {
  const answered = attempt.status_code !== null;
  const ok = answered && attempt.status_code! >= 200 && attempt.status_code! < 300;
  return (
    <li className="rounded-md bg-zinc-50 p-2 text-xs dark:bg-zinc-950">
      <p>
        <span
          className={clsx(
            'font-medium',
            ok ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-700 dark:text-red-400',
          )}
        >
          {answered ? `HTTP ${attempt.status_code}` : 'No answer'}
        </span>
        {' · '}
        {attempt.duration_ms} ms ·{' '}
        <time dateTime={attempt.at} title={attempt.at}>
          {relativeTime(attempt.at, now)}
        </time>
      </p>
      {attempt.error && (
        <p className="mt-1 break-words text-red-700 dark:text-red-400">{attempt.error}</p>
      )}
      {attempt.response_excerpt && (
        <>
          <p className="mt-1 font-medium">Response</p>
          <pre className="mt-1 rounded bg-white p-2 font-mono whitespace-pre-wrap break-all text-zinc-800 dark:bg-zinc-900 dark:text-zinc-200">
            {attempt.response_excerpt}
          </pre>
        </>
      )}
    </li>
  );
}
