/** One block of an event stream: its fields, and any comment lines (heartbeats). */
export interface SseBlock {
  event?: string;
  id?: string;
  data?: string;
  retry?: string;
  comments: string[];
}

/** Parses one block as the EventSource spec does: `field: value`, `:` starts a comment. */
function parseBlock(text: string): SseBlock {
  const block: SseBlock = { comments: [] };
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event' || field === 'id' || field === 'retry') block[field] = value;
  }
  if (data.length > 0) block.data = data.join('\n');
  return block;
}

/**
 * A minimal reader of a `text/event-stream` body for tests: `next` gives the next block, or
 * fails after a timeout so a missing event fails the test instead of hanging it.
 */
export function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // A read that lost a race with the timeout is kept for the next call, so no chunk is dropped.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  async function next(timeoutMs = 5_000): Promise<SseBlock> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      buffer = buffer.replace(/\r\n?/g, '\n');
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseBlock(text);
      }
      pending ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
      });
      const result = await Promise.race([pending, timeout]);
      clearTimeout(timer);
      if (result === 'timeout') throw new Error(`no event within ${timeoutMs} ms`);
      pending = null;
      if (result.done) throw new Error('the stream ended');
      buffer += decoder.decode(result.value, { stream: true });
    }
  }

  /** The next block that `match` accepts, skipping others (heartbeats, say). */
  async function until(match: (block: SseBlock) => boolean, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const block = await next(Math.max(1, deadline - Date.now()));
      if (match(block)) return block;
    }
  }

  return { next, until };
}
