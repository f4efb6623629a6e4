import type { ServerType } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { Lifecycle } from './lifecycle';

/** How often connections that fell idle are closed while the server drains. */
const sweepMs = 200;

/**
 * Once shutdown begins, every answer closes its connection: a client that kept one alive
 * opens its next on another replica, and the server is not held open by idle connections.
 */
export function closeConnectionsWhenStopping(lifecycle: Lifecycle): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (lifecycle.stopping) c.header('Connection', 'close');
  };
}

/**
 * Stops taking connections and resolves once every open one has ended. Node keeps a kept-alive
 * connection open after its request even while closing, so those that fall idle (an answer
 * sent before shutdown began, an event stream just ended) are closed as they do.
 */
export function drainServer(server: ServerType): Promise<void> {
  const closeIdle = () => {
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  return new Promise((resolve) => {
    const sweep = setInterval(closeIdle, sweepMs);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    closeIdle();
  });
}
