import type { MiddlewareHandler } from 'hono';
import { forbiddenResponse } from '../errors';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that another site made the browser send (a plain HTML form
 * can POST multipart to the upload endpoint), by the rule of Go's CrossOriginProtection:
 * `Sec-Fetch-Site` same-origin or none passes, any other value fails; without it, an Origin
 * whose host is the request's own passes and another fails; with neither header the request
 * does not come from a browser (curl, a script) and passes.
 */
export function crossSiteCheck(): MiddlewareHandler {
  return async (c, next) => {
    if (safeMethods.has(c.req.method)) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (site !== undefined) {
      if (site === 'same-origin' || site === 'none') return next();
    } else if (origin === undefined) {
      return next();
    } else if (URL.canParse(origin) && new URL(origin).host === new URL(c.req.url).host) {
      return next();
    }
    return forbiddenResponse(
      c,
      `A ${c.req.method} from another site is refused: the gateway acts only for pages of its own origin.`,
    );
  };
}
