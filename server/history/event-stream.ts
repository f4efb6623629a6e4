import type { Context } from 'hono';
import { streamSSE, type SSEMessage } from 'hono/streaming';
import type { HistoryEvent } from '../../src/api/contract/history';
import type { RecordingHealth } from './recording-health';
import type { HistoryChange, HistoryStore } from './types';

/** Often enough that proxies and load balancers keep an idle stream open. */
export const heartbeatMs = 15_000;
/**
 * How often a stream asks whether its viewer may still see it: a sign-out or a revocation,
 * made through any replica, ends the stream within about a second.
 */
export const accessCheckMs = 500;
/** How long a browser waits before reconnecting a dropped stream. */
const retryMs = 2_000;

declare module 'hono' {
  interface ContextVariableMap {
    /**
     * Set by the app's wiring when people sign in: whether what let this request in (a session,
     * a token) still holds. A stream outlives the check made when it opened, so it asks again
     * at each heartbeat. The history knows nothing of sessions; it only asks.
     */
    stillAllowed: (() => boolean | Promise<boolean>) | undefined;
  }
}

function resumeFrom(c: Context): number | null {
  const raw = c.req.header('last-event-id') ?? c.req.query('last_event_id');
  return raw && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

const message = (event: HistoryEvent, id?: number): SSEMessage => ({
  event: 'history',
  data: JSON.stringify(event),
  ...(id !== undefined && { id: String(id) }),
});

/**
 * `GET /api/history/events`: every change of the history as it is written, one stream per
 * tab. A stream that dropped resumes with Last-Event-ID (or `?last_event_id=`): the changes
 * after it are replayed, one per entry; when the log no longer reaches back that far, a
 * `reset` tells the tab to read the list again. Comments keep an idle stream open.
 */
export function historyEventStream(
  c: Context,
  deps: {
    store: HistoryStore;
    health: RecordingHealth;
    heartbeatMs?: number;
    /** Asked every `accessCheckMs`; once false (signed out, revoked, expired) the stream ends. */
    stillAllowed?: () => boolean | Promise<boolean>;
  },
): Response {
  const { store, health } = deps;
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let open = true;
    let chain = Promise.resolve();
    const send = (write: () => Promise<void>) => {
      chain = chain
        .then(() => (open ? write() : undefined))
        .catch(() => {
          open = false;
        });
    };
    // Subscribed before the backlog is read: a change written meanwhile waits here.
    let backlog: HistoryChange[] | null = [];
    let sentSeq = 0;
    const deliver = (change: HistoryChange) => {
      // A reset always goes: the viewer reads the list again, whatever it was sent.
      if (change.event.type !== 'reset' && change.seq <= sentSeq) return;
      sentSeq = change.seq;
      send(() => stream.writeSSE(message(change.event, change.seq)));
    };
    const unsubscribe = store.subscribe((change) =>
      backlog ? backlog.push(change) : deliver(change),
    );
    const unwarn = health.subscribe((text) =>
      send(() => stream.writeSSE(message({ type: 'warning', message: text }))),
    );
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let accessCheck: ReturnType<typeof setInterval> | undefined;
    try {
      const from = resumeFrom(c);
      const replay = from === null ? [] : await store.changesSince(from);
      if (replay === null) {
        const newest = await store.lastSeq();
        send(() => stream.writeSSE({ ...message({ type: 'reset' }, newest), retry: retryMs }));
      } else {
        const ready = from ?? (await store.lastSeq());
        // The stream starts after `ready`: a change up to it, told late (by another replica's
        // commit, say), is one the viewer has or reads with its list.
        sentSeq = ready;
        send(() =>
          stream.writeSSE({ event: 'ready', data: '{}', id: String(ready), retry: retryMs }),
        );
        replay.forEach(deliver);
      }
      const waiting = backlog;
      backlog = null;
      waiting.forEach(deliver);

      let end = () => {};
      const stillAllowed = deps.stillAllowed;
      if (stillAllowed) {
        let asking = false;
        accessCheck = setInterval(async () => {
          if (asking) return;
          asking = true;
          // A check that cannot be made (the database out of reach) ends it too; the browser
          // reconnects.
          const allowed = await Promise.resolve(stillAllowed()).catch(() => false);
          asking = false;
          if (allowed) return;
          // Nothing more is written from here on, not even what is queued.
          open = false;
          end();
        }, accessCheckMs);
      }
      heartbeat = setInterval(() => {
        send(() => stream.write(': ping\n\n').then(() => undefined));
      }, deps.heartbeatMs ?? heartbeatMs);
      await new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
        c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true });
        // Gone while the backlog was read: the events above were never heard.
        if (stream.aborted || c.req.raw.signal.aborted) resolve();
      });
    } finally {
      open = false;
      clearInterval(heartbeat);
      clearInterval(accessCheck);
      unsubscribe();
      unwarn();
    }
  });
}
