import { historyEventsPath } from '../../src/api/contract/history-paths';
import type { HistoryEvent } from '../../src/api/contract/history';

/** One open `GET /api/history/events`, as a tab holds it: the entries it was told of, and when. */
export interface HistoryStream {
  /** Settles once the stream said `ready`: changes from then on reach it. */
  ready: Promise<void>;
  /** Entry id → performance.now() of the chunk that brought its first upsert. */
  received: ReadonlyMap<string, number>;
  close: () => Promise<void>;
}

/** The fields of one SSE block that matter here: its event and its data lines. */
function parseBlock(text: string): { event: string; data: string } {
  let event = '';
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return { event, data: data.join('\n') };
}

/** Opens the history's event stream at `baseUrl` with a plain fetch, reading its body as it comes. */
export async function openHistoryStream(baseUrl: string): Promise<HistoryStream> {
  const controller = new AbortController();
  const received = new Map<string, number>();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const response = await fetch(`${baseUrl}${historyEventsPath}`, {
    headers: { accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`${baseUrl}${historyEventsPath}: HTTP ${response.status}`);
  const reader = response.body.getReader();
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (block.event === 'ready') markReady();
        if (block.event !== 'history') continue;
        const event = JSON.parse(block.data) as HistoryEvent;
        if (event.type === 'upsert' && !received.has(event.entry.id))
          received.set(event.entry.id, at);
      }
    }
  })().catch(() => undefined); // Aborted by close, or the server went away: what came is kept.
  return {
    ready,
    received,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
