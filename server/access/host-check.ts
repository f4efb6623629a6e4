import type { MiddlewareHandler } from 'hono';
import { forbiddenResponse } from '../errors';
import { isLoopbackHost } from './loopback';

/**
 * Answers only requests addressed to this gateway: a loopback name or address (any port: a
 * rebinding page cannot send those), or a host listed in ALLOWED_HOSTS (`name` for any port,
 * `name:port` for one). Anything else is 403, before the API, the event stream or a file is
 * served, since the gateway attaches the API key to what it forwards.
 */
export function hostCheck(allowedHosts: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedHosts.map((host) => host.toLowerCase()));
  return async (c, next) => {
    // The URL is built from the Host header (or :authority), as the server received it.
    const { hostname, host } = new URL(c.req.url);
    if (isLoopbackHost(hostname) || allowed.has(hostname) || allowed.has(host)) return next();
    return forbiddenResponse(
      c,
      `This gateway does not answer for the host "${host}". If it is served under that name, add it to ALLOWED_HOSTS (comma-separated, e.g. ALLOWED_HOSTS=${hostname}).`,
    );
  };
}
