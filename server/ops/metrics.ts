import type { MiddlewareHandler } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { methodLabel, routeLabel, serviceRouteLabel } from './route-label';

/** What the poller reports when scraped (its `stats()`, plus the lead once replicas share one). */
export interface PollerReading {
  /** Status calls made since it started. */
  calls: number;
  /** Status calls waiting for their answer now. */
  inFlight: number;
  /** Times a job's next call was put off after a failure. Absent: not counted. */
  backoffs?: number;
  /** Whether this replica's poller is the one polling. Absent: it polls unconditionally. */
  leading?: boolean;
}

/** How one delivery attempt (a webhook's or a push's) ended. */
export type DeliveryOutcome = 'succeeded' | 'retrying' | 'failed';

export interface GatewayMetrics {
  /** The gateway's metrics and the process's, in the Prometheus text format. */
  registry: Registry;
  /** Counts and times every request, by method, route (see route-label.ts) and status. */
  measureRequests: MiddlewareHandler;
  streamOpened(): void;
  streamClosed(): void;
  /** Times one call to the service, up to its answer's head (a media body may flow for long). */
  timeServiceCall<T>(path: string, call: () => Promise<T>): Promise<T>;
  /** Where the poller metrics are read at each scrape; without it they stay at zero. */
  readPoller(read: () => PollerReading | null): void;
  /** Counts one delivery attempt of the notifications (server/notify). */
  countDelivery(channel: 'webhook' | 'push', outcome: DeliveryOutcome): void;
  /** Where the number of deliveries waiting is read at each scrape (the queue is shared). */
  readPendingDeliveries(read: () => Promise<number>): void;
}

/**
 * Generation calls may take up to the two minutes the gateway waits for an answer's head; a
 * request to the gateway as long (an upload of hundreds of MB before it is answered).
 */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

let processRegistry: Registry | null = null;
/**
 * Memory, CPU, event loop, GC: one set per process, started the first time it is asked for.
 * Each start leaves an event-loop monitor and a GC observer running, so every app built in the
 * same process (tests build hundreds) shares this one.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A count read from elsewhere, as increments: a reader that restarted from zero counts on. */
function followCount(counter: Counter, read: () => number | undefined) {
  let last = 0;
  return () => {
    const value = read();
    if (value === undefined) return;
    counter.inc(value >= last ? value - last : value);
    last = value;
  };
}

/** The gateway's metrics, in a registry of their own: apps built side by side never collide. */
export function createGatewayMetrics(): GatewayMetrics {
  const own = new Registry();
  const registers = [own];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered by the gateway, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its response head (an event stream or a download flows on after).',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const streams = new Gauge({
    name: 'history_event_streams_open',
    help: 'History event streams open now.',
    registers,
  });
  const serviceSeconds = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Time from a call to the service to its answer head, by the endpoint called.',
    labelNames: ['route'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  });

  let poller: () => PollerReading | null = () => null;
  const pollerCalls = new Counter({
    name: 'poller_status_calls_total',
    help: 'Status calls the history poller made to the service.',
    registers,
    collect: () => countCalls(),
  });
  const pollerBackoffs = new Counter({
    name: 'poller_backoffs_total',
    help: 'Times the history poller put a job off after a failed status call.',
    registers,
    collect: () => countBackoffs(),
  });
  const countCalls = followCount(pollerCalls, () => poller()?.calls);
  const countBackoffs = followCount(pollerBackoffs, () => poller()?.backoffs);
  new Gauge({
    name: 'poller_calls_in_flight',
    help: 'Status calls of the history poller waiting for their answer.',
    registers,
    collect() {
      this.set(poller()?.inFlight ?? 0);
    },
  });
  new Gauge({
    name: 'poller_leading',
    help: '1 while this replica runs the history poller, 0 otherwise.',
    registers,
    collect() {
      const reading = poller();
      this.set(reading && reading.leading !== false ? 1 : 0);
    },
  });

  const deliveries = new Counter({
    name: 'notification_delivery_attempts_total',
    help: 'Webhook and push delivery attempts made by this replica, by channel and how they ended.',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  let pendingDeliveries: () => Promise<number> = async () => 0;
  new Gauge({
    name: 'notification_deliveries_pending',
    help: 'Deliveries waiting in the queue every replica shares (due now or retrying later).',
    registers,
    async collect() {
      this.set(await pendingDeliveries().catch(() => 0));
    },
  });

  return {
    registry: Registry.merge([processMetrics(), own]),
    async measureRequests(c, next) {
      const stop = requestSeconds.startTimer();
      await next();
      const labels = {
        method: methodLabel(c.req.method),
        route: routeLabel(c.req.path),
        status: String(c.res.status),
      };
      stop(labels);
      requests.inc(labels);
    },
    streamOpened: () => streams.inc(),
    streamClosed: () => streams.dec(),
    async timeServiceCall(path, call) {
      const stop = serviceSeconds.startTimer({ route: serviceRouteLabel(path) });
      try {
        return await call();
      } finally {
        stop();
      }
    },
    readPoller(read) {
      poller = read;
    },
    countDelivery: (channel, outcome) => deliveries.inc({ channel, outcome }),
    readPendingDeliveries(read) {
      pendingDeliveries = read;
    },
  };
}
