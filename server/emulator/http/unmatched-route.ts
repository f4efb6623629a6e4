import type { NotFoundHandler } from 'hono';
import { METHOD_NAME_ALL } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import type { EmulatorApp, EmulatorBindings } from './context';
import { apiError } from './errors';

/** The order methods are listed in `Allow`; any other method follows, alphabetically. */
const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function rank(method: string): number {
  const at = methodOrder.indexOf(method);
  return at === -1 ? methodOrder.length : at;
}

export interface UnmatchedRouteOptions {
  /** Whether the app answers OPTIONS at this path itself (the standalone emulator's CORS). */
  answersPreflight: (path: string) => boolean;
}

/**
 * The app's notFound handler. A path that some route serves with other methods is a 405 with
 * `Allow` (`invalid_request`, as the gateway answers a method it does not forward); any other
 * path is a 404 `not_found`. Routes are read from `app.routes` on the first miss, once every
 * module has registered; middleware (method ALL) serves no path of its own.
 */
export function unmatchedRoute(
  app: EmulatorApp,
  options: UnmatchedRouteOptions,
): NotFoundHandler<EmulatorBindings> {
  let routes: TrieRouter<string> | null = null;
  const methodsAt = (path: string): Set<string> => {
    if (!routes) {
      // A second router over the same patterns, so the match follows Hono's own rules
      // (parameters, optional segments, strict trailing slash).
      routes = new TrieRouter<string>();
      for (const route of app.routes) {
        if (route.method !== METHOD_NAME_ALL) routes.add(METHOD_NAME_ALL, route.path, route.method);
      }
    }
    return new Set(routes.match(METHOD_NAME_ALL, path)[0].map(([method]) => method));
  };

  return (c) => {
    const methods = methodsAt(c.req.path);
    if (methods.size === 0) return apiError(c, 'not_found', 'No API endpoint at this path.');
    // Hono answers HEAD with the GET route, minus the body.
    if (methods.has('GET')) methods.add('HEAD');
    if (options.answersPreflight(c.req.path)) methods.add('OPTIONS');
    const allowed = [...methods].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    return apiError(
      c,
      'invalid_request',
      `Method ${c.req.method} is not allowed at this path. Allowed: ${allowed.join(', ')}.`,
      405,
      { Allow: allowed.join(', ') },
    );
  };
}
