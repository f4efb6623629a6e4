import { isSettledHistoryStatus, type HistoryKind } from '../../src/api/contract/history';
import type { Logger } from '../logger';
import type { HistoryStore } from './types';

/** One status call upstream, with the gateway's credentials. Rejects on a network failure. */
export type StatusReader = (
  kind: HistoryKind,
  id: string,
  signal: AbortSignal,
) => Promise<{ status: number; body: unknown; retryAfterMs: number | null }>;

/**
 * The browser's polling rules, now the gateway's: a queued job waits for capacity (seconds to
 * minutes) and is asked less often than a running one, whose bar should follow it.
 */
export const pollRules = {
  queuedMs: 5_000,
  runningMs: 2_000,
  /** A job just created: its first reading comes soon, not a whole interval later. */
  firstPollMs: 1_000,
  /** The least time between one answer and the next call, when an answer was slow. */
  minGapMs: 250,
  /** Back-off after failures: 2 s, 4 s, 8 s … up to a minute, so an outage is not hammered. */
  backoffBaseMs: 2_000,
  backoffMaxMs: 60_000,
  /** Both must hold: many polls rule out a slow poller, a minute rules out a fast one. */
  stallPolls: 10,
  stallMs: 60_000,
  /** Status calls in flight at once, for every job together. */
  concurrency: 4,
};
export type PollRules = typeof pollRules;

export interface PollerOptions {
  store: HistoryStore;
  read: StatusReader;
  logger: Logger;
  rules?: Partial<PollRules>;
  now?: () => number;
  /**
   * Created paused: a replica that does not lead follows nothing until start(). Without it the
   * poller follows what it is told to watch from the start, as the one process on SQLite does.
   */
  paused?: boolean;
  /**
   * The term of the lead this process holds (poller-lead.ts), passed with every write so the
   * store refuses one made after another replica took the lead.
   */
  term?: () => number | null;
}

interface Job {
  id: string;
  kind: HistoryKind;
  timer: ReturnType<typeof setTimeout> | null;
  /** When its current poll started waiting for a slot: the interval counts from here. */
  startedAt: number;
  failures: number;
  /** Polls since its readings last changed, for stall detection. */
  quiet: number;
  readingCount: number | null;
  warned: boolean;
}

export const backoffDelay = (failures: number, rules: PollRules = pollRules) =>
  Math.min(rules.backoffMaxMs, rules.backoffBaseMs * 2 ** Math.max(0, failures - 1));

/**
 * The gateway's one poller: follows every unsettled job in the store, whoever watches, so
 * upstream status calls stay at one per job per interval with any number of viewers. A job is
 * never asked again before its last answer returned, and at most `concurrency` calls are in
 * flight. After a restart, start() resumes every job the store still holds as unsettled.
 */
export function createPoller(options: PollerOptions) {
  const { store, read, logger } = options;
  const rules: PollRules = { ...pollRules, ...options.rules };
  const now = options.now ?? Date.now;
  const jobs = new Map<string, Job>();
  const queue: Job[] = [];
  const inFlight = new Map<Job, { controller: AbortController; done: Promise<void> }>();
  const counters = { calls: 0, maxInFlight: 0, backoffs: 0 };
  /** Not following anything: paused (another replica leads) or stopped for good. */
  let stopped = options.paused ?? false;
  let ended = false;
  const fence = () => ({ term: options.term?.() ?? null });

  function schedule(job: Job, delay: number) {
    if (stopped) return;
    if (job.timer) clearTimeout(job.timer);
    job.timer = setTimeout(() => {
      job.timer = null;
      job.startedAt = now();
      queue.push(job);
      pump();
    }, delay);
  }

  function forget(job: Job) {
    if (job.timer) clearTimeout(job.timer);
    jobs.delete(job.id);
  }

  function pump() {
    while (!stopped && inFlight.size < rules.concurrency && queue.length > 0) {
      const job = queue.shift()!;
      if (jobs.get(job.id) !== job) continue;
      const controller = new AbortController();
      const done = poll(job, controller.signal).finally(() => {
        inFlight.delete(job);
        pump();
      });
      inFlight.set(job, { controller, done });
      counters.maxInFlight = Math.max(counters.maxInFlight, inFlight.size);
    }
  }

  /** Next poll: by status while it answers, counted from this poll's start. */
  function next(job: Job, status: string) {
    const interval = status === 'running' ? rules.runningMs : rules.queuedMs;
    schedule(job, Math.max(rules.minGapMs, interval - (now() - job.startedAt)));
  }

  function failed(job: Job, retryAfterMs: number | null, status: number | null) {
    job.failures += 1;
    counters.backoffs += 1;
    const backoff = backoffDelay(job.failures, rules);
    const delay =
      status === 429
        ? Math.max(retryAfterMs ?? backoff, rules.backoffBaseMs)
        : (retryAfterMs ?? backoff);
    schedule(job, Math.min(Math.max(delay, rules.minGapMs), rules.backoffMaxMs * 10));
  }

  async function checkStall(
    job: Job,
    status: string,
    lastAt: string | undefined,
    stalled: boolean,
  ) {
    if (stalled || status !== 'running' || job.quiet < rules.stallPolls || !lastAt) return;
    if (now() - Date.parse(lastAt) >= rules.stallMs) await store.setStalled(job.id, true, fence());
  }

  async function poll(job: Job, signal: AbortSignal) {
    counters.calls += 1;
    let answer: Awaited<ReturnType<StatusReader>>;
    try {
      answer = await read(job.kind, job.id, signal);
    } catch {
      if (!stopped) failed(job, null, null);
      return;
    }
    if (stopped || jobs.get(job.id) !== job) return;
    try {
      const at = new Date(now()).toISOString();
      if (answer.status === 404) {
        await store.markUnknown(job.id, at, fence());
        return forget(job);
      }
      const data = (answer.body as { data?: unknown } | null)?.data;
      if (answer.status !== 200 || typeof data !== 'object' || data === null) {
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && !job.warned) {
          job.warned = true;
          logger.warn('history: status read refused', { id: job.id, status: answer.status });
        }
        return failed(job, answer.retryAfterMs, answer.status);
      }
      job.failures = 0;
      const entry = await store.applyStatus(job.id, data as Record<string, unknown>, at, fence());
      if (!entry) return forget(job);
      job.quiet = entry.reading_count === job.readingCount ? job.quiet + 1 : 0;
      job.readingCount = entry.reading_count;
      if (isSettledHistoryStatus(entry.kind, entry.status)) return forget(job);
      await checkStall(job, entry.status, entry.readings.at(-1)?.at, entry.stalled);
      next(job, entry.status);
    } catch (error) {
      // A store failure must not stop the loop: try this job again later.
      logger.error('history: poll failed', {
        id: job.id,
        error: error instanceof Error ? error.message : String(error),
      });
      failed(job, null, null);
    }
  }

  function follow(id: string, kind: HistoryKind, delay: number) {
    if (stopped || jobs.has(id)) return;
    const job: Job = {
      id,
      kind,
      timer: null,
      startedAt: now(),
      failures: 0,
      quiet: 0,
      readingCount: null,
      warned: false,
    };
    jobs.set(id, job);
    schedule(job, delay);
  }

  async function pause() {
    stopped = true;
    for (const job of jobs.values()) if (job.timer) clearTimeout(job.timer);
    jobs.clear();
    queue.length = 0;
    const running = [...inFlight.values()];
    running.forEach(({ controller }) => controller.abort());
    await Promise.allSettled(running.map(({ done }) => done));
  }

  return {
    /**
     * Follows every unsettled job the store holds, spread over the first interval. Rejects when
     * the store cannot be read.
     */
    async start() {
      if (ended) return;
      stopped = false;
      const pending = await store.pending();
      // Paused again while the store was read: another replica leads now.
      if (stopped) return;
      pending.forEach((job, i) =>
        follow(
          job.id,
          job.kind,
          rules.minGapMs + Math.round((i * rules.runningMs) / pending.length),
        ),
      );
    },
    /** A job was recorded or changed: follow it if it is unsettled and not followed yet. */
    async watch(id: string) {
      if (jobs.has(id)) return;
      try {
        const entry = (await store.pending()).find((job) => job.id === id);
        if (entry) follow(id, entry.kind, rules.firstPollMs);
      } catch (error) {
        // Told by a write that already succeeded: the job is followed after the next restart.
        logger.error('history: could not follow a job', {
          id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    },
    /**
     * Follows nothing until start() (the lead went to another replica): calls in flight are
     * aborted, and an answer that still arrives is not written.
     */
    pause,
    async stop() {
      ended = true;
      await pause();
    },
    stats: () => ({
      calls: counters.calls,
      inFlight: inFlight.size,
      maxInFlight: counters.maxInFlight,
      scheduled: jobs.size,
      backoffs: counters.backoffs,
      leading: !stopped,
    }),
  };
}

export type Poller = ReturnType<typeof createPoller>;
