import type { Hono } from 'hono';
import type { SqlDb } from '../db/sql-db';
import type { HistoryStore } from '../history/types';
import type { Logger } from '../logger';
import { deliveryQueue } from './delivery-queue';
import { deliveryWorker } from './delivery-worker';
import { fanOut } from './fan-out';
import { inboxStore } from './inbox';
import { notifyRoutes } from './notify-routes';
import { pushDevices, vapidKeysOf } from './push-devices';
import type { RetrySchedule } from './retry-schedule';
import type { TargetPolicy } from './safe-target';
import { webhookStore } from './webhook-store';
import type { postJson } from './post-json';
import type { GatewayMetrics } from '../ops/metrics';

export interface NotifierOptions {
  /** The history's database: the notices are written there, with the changes that cause them. */
  db: SqlDb;
  history: HistoryStore;
  logger: Logger;
  /** Whether this replica leads (turns notices into deliveries); every replica delivers. */
  leading: () => boolean;
  /** Nobody signs in: one shared view, every device told of every job. */
  openMode: boolean;
  policy: TargetPolicy;
  /** Where people open the dashboard, for the links in events. */
  publicUrl: () => string;
  vapidSubject: string;
  /** The longest wait between two looks at the queue when nothing wakes the worker. */
  idleMs?: number;
  schedule?: RetrySchedule;
  clock?: () => number;
  post?: typeof postJson;
  /** The gateway's metrics: attempts counted, the queue's length read at each scrape. */
  metrics?: Pick<GatewayMetrics, 'countDelivery' | 'readPendingDeliveries'>;
}

export interface Notifier {
  /** `/api/webhooks*`, `/api/notifications/push*`, `/api/inbox*`. */
  routes: Hono;
  /** Looks at the queue now (a new notice, a test, a redelivery). */
  wake(): void;
  /** Resolves once nothing is due (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Retention of settled deliveries and old notices runs this often. */
const pruneEveryMs = 60 * 60_000;
/** Settled deliveries are kept this long for the log. */
const keepDeliveriesMs = 30 * 24 * 60 * 60_000;

/**
 * The gateway tells people when work ends. The history writes a notice with each change that
 * tells something; the leading replica turns notices into deliveries (webhooks, push devices);
 * every replica's worker makes the deliveries due, one attempt per claim.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { db, logger } = options;
  const clock = options.clock ?? Date.now;
  const idleMs = options.idleMs ?? 2_000;
  const webhooks = webhookStore(db, clock);
  const devices = pushDevices(db, clock);
  const queue = deliveryQueue(db, clock);
  const inbox = inboxStore(db, clock);
  let vapid: ReturnType<typeof vapidKeysOf> | null = null;
  const vapidKeys = () => (vapid ??= vapidKeysOf(db));
  const spread = fanOut({
    db,
    webhooks,
    devices,
    queue,
    publicUrl: options.publicUrl,
    openMode: options.openMode,
  });
  const worker = deliveryWorker({
    db,
    queue,
    webhooks,
    devices,
    policy: options.policy,
    vapid: vapidKeys,
    vapidSubject: options.vapidSubject,
    logger,
    ...(options.schedule && { schedule: options.schedule }),
    ...(options.post && { post: options.post }),
    ...(options.metrics && { onAttempt: options.metrics.countDelivery }),
    clock,
  });
  options.metrics?.readPendingDeliveries(() => queue.pendingCount());

  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  const failed = (what: string) => (error: unknown) =>
    logger.error(what, { error: error instanceof Error ? error.message : String(error) });

  async function pass() {
    do {
      again = false;
      if (options.leading()) while ((await spread()) > 0 && !closed);
      if (closed) return;
      if (await worker.runOnce()) again = true;
    } while (again && !closed);
  }

  async function sleep() {
    if (closed) return;
    const due = await queue.nextDue().catch(() => null);
    const wait = due === null ? idleMs : Math.min(idleMs, Math.max(20, due - clock()));
    timer = setTimeout(wake, wait);
    timer.unref();
  }

  function wake() {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch(failed('notify: the delivery pass failed'))
      .then(sleep)
      .catch(failed('notify: the delivery pass failed'))
      .finally(() => {
        running = null;
      });
  }

  // A change in the history may have left a notice: look at once, on every replica.
  const unsubscribe = options.history.subscribe(() => wake());
  const pruneTimer = setInterval(() => {
    if (!options.leading()) return;
    void Promise.all([
      queue.prune(new Date(clock() - keepDeliveriesMs).toISOString()),
      inbox.prune(),
    ]).catch(failed('notify: retention failed'));
  }, pruneEveryMs);
  pruneTimer.unref();
  // One process on SQLite: a claim still held is one a crash (kill -9) left mid-attempt.
  const started =
    db.dialect === 'sqlite' ? queue.releaseClaims().catch(failed('notify: claims kept')) : null;
  void Promise.resolve(started).then(wake);

  return {
    routes: notifyRoutes({
      webhooks,
      devices,
      queue,
      inbox,
      policy: options.policy,
      vapid: vapidKeys,
      wake,
    }),
    wake,
    async idle() {
      for (let i = 0; i < 200; i += 1) {
        while (running) await running;
        const due = await queue.nextDue();
        if (due === null || due > clock()) return;
        wake();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      closed = true;
      unsubscribe();
      clearInterval(pruneTimer);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
