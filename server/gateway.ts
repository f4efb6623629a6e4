import type { GatewayStatus } from '../src/api/contract/gateway';
import { Hono, type Context } from 'hono';
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';
import { errorCodes } from '../src/api/contract/envelope';
import { gatewayStatusPath } from '../src/api/contract/gateway-paths';
import type { Dialect } from './db/sql-db';
import { accessModeOf, type Env } from './env';
import { errorResponse } from './errors';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './forward-headers';
import type { Forward, ForwardOptions, Recorder } from './history/recorder';
import type { SentBody } from './request-body';
import type { Logger } from './logger';
import { rawTarget, splitTarget } from './path-guard';
import { forwardToUpstream, methodHasBody, upstreamTarget, type UpstreamTarget } from './upstream';

/**
 * An API implementation running in this process (the embedded emulator). A Hono app's
 * `fetch` fits. It is given `/api/v1/*` requests on the dashboard's own origin, with its key
 * injected exactly as API_KEY is for a real upstream, so it can check credentials the same way.
 */
export interface EmbeddedEmulator {
  fetch(request: Request): Response | Promise<Response>;
  apiKey: string;
  stackId?: string;
}

/** TRACE is left out on purpose: an upstream echoing the request would echo the injected key. */
const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type GatewayTarget =
  | { mode: 'upstream'; upstream: UpstreamTarget }
  | { mode: 'emulator'; emulator: EmbeddedEmulator | null; replaceAuthorization?: boolean };

/**
 * API_BASE_URL wins; otherwise the embedded emulator, when one is plugged in. When people sign
 * in to the gateway, their Authorization header is the gateway's business and never goes on.
 */
export function resolveTarget(
  env: Env,
  emulator?: EmbeddedEmulator,
  dispatcher?: Dispatcher,
): GatewayTarget {
  const replaceAuthorization = accessModeOf(env) !== 'open';
  if (env.API_BASE_URL) {
    // Honours HTTPS_PROXY / HTTP_PROXY / NO_PROXY, as users behind a corporate proxy expect.
    const agent = dispatcher ?? new EnvHttpProxyAgent();
    return {
      mode: 'upstream',
      upstream: {
        ...upstreamTarget(env.API_BASE_URL, agent, env.API_KEY, env.STACK_ID),
        replaceAuthorization,
      },
    };
  }
  return { mode: 'emulator', emulator: emulator ?? null, replaceAuthorization };
}

/** Every secret the gateway injects: none may come back in a response or a log line. */
export function targetSecrets(target: GatewayTarget): string[] {
  const key = target.mode === 'upstream' ? target.upstream.apiKey : target.emulator?.apiKey;
  return key ? [key] : [];
}

async function forwardToEmulator(
  c: Context,
  emulator: EmbeddedEmulator,
  path: string,
  search: string,
  sent?: SentBody,
  options: ForwardOptions = {},
  replaceAuthorization = false,
) {
  const origin = new URL(c.req.url);
  const headers = upstreamRequestHeaders(c.req.raw, {
    apiKey: emulator.apiKey,
    stackId: emulator.stackId,
    replaceAuthorization,
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: c.req.method,
    headers,
    ...(!options.keepGoing && { signal: c.req.raw.signal }),
    ...(methodHasBody(c.req.method) ? { body: sent ?? c.req.raw.body, duplex: 'half' } : {}),
  };
  const res = await emulator.fetch(new Request(new URL(path + search, origin.origin), init));
  return new Response(res.body, {
    status: res.status,
    headers: downstreamResponseHeaders(res.headers, [emulator.apiKey]),
  });
}

export interface GatewayOptions {
  target: GatewayTarget;
  logger: Logger;
  /** Where the gateway keeps its state (server/db/storage.ts). */
  database: Dialect;
  /** Records creations and status reads in the gateway's history, when it keeps one. */
  recorder?: Recorder | undefined;
  /** Times each call to the service (server/ops/metrics.ts). */
  timeServiceCall?: (<T>(path: string, call: () => Promise<T>) => Promise<T>) | undefined;
  /** This replica's part in polling, for the status (with a history only). */
  poller?: (() => NonNullable<GatewayStatus['poller']>) | undefined;
}

/** `GET /api/gateway/status` and `ALL /api/v1/*`. Mount at the root. */
export function gatewayRoutes({
  target,
  logger,
  database,
  recorder,
  timeServiceCall,
  poller,
}: GatewayOptions): Hono {
  const app = new Hono();

  app.get(gatewayStatusPath, (c) =>
    c.json({
      mode: target.mode,
      upstream_origin: target.mode === 'upstream' ? target.upstream.origin : null,
      // Whether the gateway adds a key itself; the key is never sent to the browser.
      credentials: targetSecrets(target).length > 0,
      database,
      ...(poller && { poller: poller() }),
    } satisfies GatewayStatus),
  );

  app.all('/api/v1/*', async (c) => {
    if (!FORWARDED_METHODS.has(c.req.method)) {
      c.header('Allow', [...FORWARDED_METHODS].join(', '));
      return errorResponse(
        c,
        errorCodes.invalidRequest,
        `Method ${c.req.method} is not forwarded.`,
        405,
      );
    }
    const { path, search } = splitTarget(rawTarget(c));
    if (!path.startsWith('/api/v1/') || path === '/api/v1/') {
      return errorResponse(c, errorCodes.notFound, 'No API endpoint at this path.');
    }
    let forward: Forward;
    if (target.mode === 'upstream') {
      const upstream = target.upstream;
      forward = (sent, options) =>
        forwardToUpstream(c, upstream, path, search, logger, sent, options);
    } else if (target.emulator) {
      const emulator = target.emulator;
      forward = (sent, options) =>
        forwardToEmulator(c, emulator, path, search, sent, options, target.replaceAuthorization);
    } else {
      forward = () => Promise.resolve(notConfigured(c));
    }
    // The embedded emulator stands in for the service: its calls are timed the same way.
    if (timeServiceCall && (target.mode === 'upstream' || target.emulator)) {
      const untimed = forward;
      forward = (sent, options) => timeServiceCall(path, () => untimed(sent, options));
    }
    return recorder ? recorder.forward(c, path, forward) : forward();
  });

  return app;
}

/** Only when built without an emulator (server/index.ts always passes one without API_BASE_URL). */
function notConfigured(c: Context): Response {
  return errorResponse(
    c,
    errorCodes.requestFailed,
    'No upstream is configured: set API_BASE_URL, or run the server with the embedded emulator.',
    503,
  );
}
