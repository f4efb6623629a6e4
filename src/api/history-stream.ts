import type * as HistoryContract from './contract/history';
import type { HistoryEvent } from './contract/history';
import { historyEventsPath } from './contract/history-paths';
import { isHistoryEvent } from './history-check';

/**
 * An event the hand check passes is delivered as it is; the events' contract (and with it zod)
 * loads only to judge one it refuses, and the events after it wait, in the order they came.
 */
let eventSchema: Promise<typeof HistoryContract.historyEventSchema> | undefined;
const loadEventSchema = () =>
  (eventSchema ??= import('./contract/history').then((module) => module.historyEventSchema));

export type HistoryStreamState = 'connecting' | 'open' | 'down';

export interface HistoryStreamHandlers {
  onEvent: (event: HistoryEvent) => void;
  /** `open` once the gateway answers; `down` while the stream cannot be had (poll instead). */
  onState: (state: HistoryStreamState) => void;
}

/** After a stream the browser gave up on (a non-stream answer), try again this much later. */
const reopenMs = 5_000;

/**
 * The gateway's history as a stream of changes (Server-Sent Events), one per tab. The browser
 * reconnects by itself after a network drop and sends Last-Event-ID, so the gateway replays
 * what was missed; when it gives up (the gateway answered something else), this opens a new
 * stream later, resuming from the last id seen. Events that fail the contract are dropped.
 */
export function openHistoryStream(
  handlers: HistoryStreamHandlers,
  /** The change the tab's lists were read at: the stream starts after it instead of now. */
  resumeFrom: number | null = null,
): () => void {
  let source: EventSource | null = null;
  let lastId: string | null = resumeFrom === null ? null : String(resumeFrom);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const open = () => {
    timer = null;
    if (closed) return;
    const url = lastId
      ? `${historyEventsPath}?last_event_id=${encodeURIComponent(lastId)}`
      : historyEventsPath;
    const stream = new EventSource(url);
    source = stream;
    handlers.onState('connecting');
    let delivered: Promise<void> = Promise.resolve();
    stream.onopen = () => handlers.onState('open');
    stream.addEventListener('history', (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      delivered = delivered
        .then(async () => {
          if (isHistoryEvent(data)) return data;
          const parsed = (await loadEventSchema()).safeParse(data);
          return parsed.success ? parsed.data : null;
        })
        .then((event) => {
          if (event && !closed) handlers.onEvent(event);
        })
        // The schema could not load (offline a moment): this event is lost like a bad one, and
        // the next event tries again; a reconnect replays what was missed.
        .catch(() => {
          eventSchema = undefined;
        });
    });
    stream.onerror = () => {
      handlers.onState('down');
      if (stream.readyState === EventSource.CLOSED && !closed) {
        source = null;
        timer = setTimeout(open, reopenMs);
      }
    };
  };

  open();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
