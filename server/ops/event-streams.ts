import type { MiddlewareHandler } from 'hono';
import type { GatewayMetrics } from './metrics';
import type { Lifecycle } from './lifecycle';

/**
 * How long a browser waits before reconnecting a stream the gateway ended at shutdown: the
 * balancer has stopped sending to this replica by then, so the new stream opens on another.
 */
export const shutdownRetryMs = 1_000;

const retryHint = new TextEncoder().encode(`retry: ${shutdownRetryMs}\n\n`);

/**
 * The event stream's body as sent, with the gateway's hold on it: `onEnd` runs once, however
 * it ends (finished, the browser gone, shutdown), and at shutdown the browser is told to
 * reconnect soon and the stream ends. The history writes each event, and each heartbeat, as
 * one chunk, so the hint lands between two events, never inside one. Ending this stream
 * cancels the history's, which then lets go of its subscriptions as when a browser leaves.
 */
function followedStream(
  body: ReadableStream<Uint8Array>,
  stopping: AbortSignal,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let ended = false;
  let endAtShutdown = () => {};
  const end = () => {
    if (ended) return false;
    ended = true;
    stopping.removeEventListener('abort', endAtShutdown);
    onEnd();
    return true;
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      endAtShutdown = () => {
        if (!end()) return;
        controller.enqueue(retryHint);
        controller.close();
        reader.cancel().catch(() => {});
      };
      if (stopping.aborted) endAtShutdown();
      else stopping.addEventListener('abort', endAtShutdown, { once: true });
    },
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (end()) controller.error(error);
        return;
      }
      if (ended) return;
      if (chunk.done) {
        end();
        controller.close();
      } else controller.enqueue(chunk.value);
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
}

/**
 * Mounted on the history's event stream path, inside compression (which never touches an
 * event stream anyway): counts the streams open and ends them at shutdown.
 */
export function eventStreamOps(metrics: GatewayMetrics, lifecycle: Lifecycle): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return;
    metrics.streamOpened();
    const body = followedStream(res.body, lifecycle.signal, metrics.streamClosed);
    c.res = new Response(body, { status: res.status, headers: res.headers });
  };
}
