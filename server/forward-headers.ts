import { historySourceHeader, startKeyHeader } from '../src/api/contract/history';

/** Headers that describe one connection, not the message: never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Also dropped on the way up: the upstream gets its own host, and our users' cookies are ours. */
const REQUEST_DROP = new Set([
  'host',
  'cookie',
  // undici refuses `expect`; Node has already answered any 100-continue itself.
  'expect',
  // Set below from what we saw, never trusted from the client.
  'x-forwarded-host',
  'x-forwarded-proto',
  // The dashboard's mark for the gateway's history: the service has no use for it.
  historySourceHeader,
  // The gateway's own: it answers repeats itself (start-keys.ts).
  startKeyHeader,
]);

/**
 * Dropped on the way down: an upstream cookie would be scoped to the dashboard's origin, and the
 * dashboard never relies on cookies from the service.
 */
const RESPONSE_DROP = new Set(['set-cookie']);

/** Header names listed in `Connection: a, b` are hop-by-hop for this message too. */
function connectionTokens(connection: string | null | undefined): Set<string> {
  return new Set(
    (connection ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

export interface InjectedCredentials {
  /** Injected only when the incoming request has no Authorization of its own. */
  apiKey?: string | undefined;
  /** Injected only when the incoming request has no X-Stack-Id of its own (or it was dropped). */
  stackId?: string | undefined;
  /**
   * When the gateway asks people to sign in, a client's Authorization is the gateway's own
   * (a personal access token): it is never forwarded, and the key is injected in its place.
   * The client's X-Stack-Id goes with it: the key is the gateway's, and so is the stack it
   * acts on, or anyone signed in could aim that key at another stack.
   */
  replaceAuthorization?: boolean | undefined;
}

/**
 * The headers to send upstream, as a plain record (what undici and `Headers` both accept).
 * X-Forwarded-Host/Proto carry the origin the browser used, so media URLs built upstream work here.
 */
export function upstreamRequestHeaders(
  request: Request,
  credentials: InjectedCredentials,
): Record<string, string> {
  const incoming = request.headers;
  const origin = new URL(request.url);
  const listed = connectionTokens(incoming.get('connection'));
  const out: Record<string, string> = {};
  incoming.forEach((value, name) => {
    const key = name.toLowerCase();
    if (HOP_BY_HOP.has(key) || REQUEST_DROP.has(key) || listed.has(key) || key.startsWith('proxy-'))
      return;
    if ((key === 'authorization' || key === 'x-stack-id') && credentials.replaceAuthorization)
      return;
    out[key] = value;
  });
  if (credentials.apiKey && !out['authorization'])
    out['authorization'] = `Bearer ${credentials.apiKey}`;
  if (credentials.stackId && !out['x-stack-id']) out['x-stack-id'] = credentials.stackId;
  out['x-forwarded-host'] = origin.host;
  out['x-forwarded-proto'] = origin.protocol.replace(/:$/, '');
  return out;
}

type RawHeaders = Record<string, string | string[] | undefined> | Headers;

/**
 * The headers to send back to the browser. Any header whose value contains a secret is
 * removed: an upstream that echoes the request's Authorization must not hand our key out.
 */
export function downstreamResponseHeaders(
  upstream: RawHeaders,
  secrets: ReadonlyArray<string | undefined>,
): Headers {
  const entries: Array<[string, string]> = [];
  if (upstream instanceof Headers) {
    upstream.forEach((value, name) => entries.push([name, value]));
  } else {
    for (const [name, value] of Object.entries(upstream)) {
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
        entries.push([name, one]);
    }
  }
  const listed = connectionTokens(
    entries.find(([name]) => name.toLowerCase() === 'connection')?.[1],
  );
  const keys = secrets.filter((s): s is string => typeof s === 'string' && s.length > 0);
  const out = new Headers();
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    if (
      HOP_BY_HOP.has(key) ||
      RESPONSE_DROP.has(key) ||
      listed.has(key) ||
      key.startsWith('proxy-')
    )
      continue;
    if (keys.some((secret) => value.includes(secret))) continue;
    try {
      out.append(key, value);
    } catch {
      // A value `Headers` rejects (control characters) is dropped rather than failing the response.
    }
  }
  return out;
}
