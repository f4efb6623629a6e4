import { historyEventSchema, historyEventsPath, type HistoryEvent } from './contract/history';

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
export function openHistoryStream(handlers: HistoryStreamHandlers): () => void {
  let source: EventSource | null = null;
  let lastId: string | null = null;
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
    stream.onopen = () => handlers.onState('open');
    stream.addEventListener('history', (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = historyEventSchema.safeParse(data);
      if (parsed.success) handlers.onEvent(parsed.data);
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
