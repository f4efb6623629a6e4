import { request } from 'undici';
import type { HistoryKind } from '../src/api/contract/history';
import type { GatewayTarget } from './gateway';

export interface TargetAnswer {
  status: number;
  body: unknown;
  retryAfterMs: number | null;
}

/** Retry-After in whole seconds or as an HTTP date, as the service may send either. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Where a kind's status is read: training jobs and async speech tasks have their own. */
export function statusPath(kind: HistoryKind, id: string): string {
  const encoded = encodeURIComponent(id);
  return kind === 'speech_async'
    ? `/api/v1/t2a/async/${encoded}`
    : `/api/v1/training/status/${encoded}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * One GET the gateway makes on its own behalf (the history's poller), with the same key and
 * stack the gateway injects into forwarded calls.
 */
export async function readFromTarget(
  target: GatewayTarget,
  path: string,
  signal: AbortSignal,
  /** The gateway's own origin: the embedded emulator builds media URLs on it, as for browsers. */
  selfOrigin = 'http://127.0.0.1',
): Promise<TargetAnswer> {
  if (target.mode === 'upstream') {
    const upstream = target.upstream;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (upstream.apiKey) headers.authorization = `Bearer ${upstream.apiKey}`;
    if (upstream.stackId) headers['x-stack-id'] = upstream.stackId;
    const res = await request(`${upstream.baseUrl}${path}`, {
      method: 'GET',
      headers,
      dispatcher: upstream.dispatcher,
      signal,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    const retry = res.headers['retry-after'];
    return {
      status: res.statusCode,
      body: parse(await res.body.text()),
      retryAfterMs: retryAfterMs(Array.isArray(retry) ? retry[0] : retry),
    };
  }
  const emulator = target.emulator;
  if (!emulator) return { status: 503, body: null, retryAfterMs: null };
  const headers = new Headers({ accept: 'application/json' });
  headers.set('authorization', `Bearer ${emulator.apiKey}`);
  if (emulator.stackId) headers.set('x-stack-id', emulator.stackId);
  const res = await emulator.fetch(new Request(`${selfOrigin}${path}`, { headers, signal }));
  return {
    status: res.status,
    body: parse(await res.text()),
    retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
  };
}
