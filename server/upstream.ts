import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { request, type Dispatcher } from 'undici';
import { errorCodes } from '../src/api/contract/envelope';
import { errorResponse } from './errors';
import { downstreamResponseHeaders, upstreamRequestHeaders } from './forward-headers';
import { incomingOf } from './path-guard';
import type { Logger } from './logger';
import type { SentBody } from './request-body';

/**
 * Generation calls may take a while before the first byte; past two minutes we answer 502
 * rather than leave the browser hanging. Refreshed while an upload is still being sent.
 */
const HEADERS_TIMEOUT_MS = 120_000;
/** Idle time between body chunks (not total time): large media downloads stay alive while data flows. */
const BODY_TIMEOUT_MS = 10 * 60_000;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export interface UpstreamTarget {
  /** Origin plus optional base path, without trailing slash: `https://api.example.com/media`. */
  baseUrl: string;
  origin: string;
  basePath: string;
  host: string;
  apiKey?: string | undefined;
  stackId?: string | undefined;
  /** The client's Authorization is the gateway's own when access control is on: see forward-headers.ts. */
  replaceAuthorization?: boolean | undefined;
  dispatcher: Dispatcher;
}

export function upstreamTarget(
  baseUrl: string,
  dispatcher: Dispatcher,
  apiKey?: string,
  stackId?: string,
): UpstreamTarget {
  const url = new URL(baseUrl);
  return {
    baseUrl,
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    host: url.host,
    apiKey,
    stackId,
    dispatcher,
  };
}

export function methodHasBody(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/** Where the incoming body comes from: the node stream itself, so nothing is buffered on the way. */
function requestBody(c: Context, sent?: SentBody): Readable | Uint8Array | null {
  if (!methodHasBody(c.req.method)) return null;
  if (sent instanceof ReadableStream) return Readable.fromWeb(sent as NodeReadableStream);
  if (sent) return sent;
  const incoming = incomingOf(c);
  if (incoming) return incoming as Readable;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream) : null;
}

/** A short, key-free reason for a failed connection, from the error code node/undici give. */
export function describeNetworkError(err: unknown): string {
  const e = err as {
    code?: string;
    cause?: { code?: string };
    errors?: Array<{ code?: string }>;
  } | null;
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code ?? '';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name could not be resolved';
  if (code.includes('TIMEOUT') || code === 'ETIMEDOUT') return 'timed out';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE')
    return 'connection was reset';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code.startsWith('ERR_TLS') || code.includes('CERT')) return 'TLS handshake failed';
  if (code === 'UND_ERR_ABORTED' || (err as Error | null)?.name === 'AbortError')
    return 'request aborted';
  return 'network error';
}

/** Forwards one `/api/v1/*` request to the configured upstream and streams the answer back. */
export async function forwardToUpstream(
  c: Context,
  target: UpstreamTarget,
  path: string,
  search: string,
  logger: Logger,
  /** The body, when the gateway has already read it (to record it); else the incoming stream. */
  sent?: SentBody,
  /** keepGoing: the request is finished even if the browser goes away (see ForwardOptions). */
  options: { keepGoing?: boolean } = {},
): Promise<Response> {
  // Build, then check: whatever the path held, the result must stay on the upstream's /api/v1.
  let url: URL | null;
  try {
    url = new URL(target.baseUrl + path + search);
  } catch {
    url = null;
  }
  if (
    !url ||
    url.origin !== target.origin ||
    !url.pathname.startsWith(`${target.basePath}/api/v1/`)
  ) {
    return errorResponse(c, errorCodes.invalidRequest, 'The request path is not allowed.');
  }

  const headers = upstreamRequestHeaders(c.req.raw, target);

  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: c.req.method as Dispatcher.HttpMethod,
      headers,
      body: requestBody(c, sent),
      dispatcher: target.dispatcher,
      headersTimeout: HEADERS_TIMEOUT_MS,
      bodyTimeout: BODY_TIMEOUT_MS,
      ...(!options.keepGoing && { signal: c.req.raw.signal }),
    });
  } catch (err) {
    const reason = describeNetworkError(err);
    logger.warn('upstream unreachable', {
      host: target.host,
      reason,
      code: (err as { code?: string }).code,
    });
    return errorResponse(
      c,
      errorCodes.requestFailed,
      `The upstream service at ${target.host} could not be reached (${reason}).`,
      502,
    );
  }

  if (res.statusCode < 200 || res.statusCode > 599) {
    res.body.resume();
    return errorResponse(
      c,
      errorCodes.requestFailed,
      `The upstream service at ${target.host} sent an invalid response.`,
      502,
    );
  }
  const noBody = c.req.method === 'HEAD' || NULL_BODY_STATUSES.has(res.statusCode);
  // Drain what we will not send: an unread body keeps the upstream connection busy.
  if (noBody) res.body.resume();
  const body = noBody ? null : (Readable.toWeb(res.body) as unknown as ReadableStream<Uint8Array>);
  return new Response(body, {
    status: res.statusCode,
    headers: downstreamResponseHeaders(res.headers, [target.apiKey]),
  });
}
