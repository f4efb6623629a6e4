import type { MiddlewareHandler } from 'hono';
import { incomingOf } from '../../path-guard';
import type { EmulatorBindings } from './context';
import { apiError } from './errors';
import { setResponseHeader } from './response-headers';

export type FaultKind = 'rate_limited' | 'failed' | 'slow' | 'dropped';

/** Header naming the injected fault, so a test or a person reading devtools can tell. */
export const faultHeader = 'X-Emulator-Fault';

export interface FaultOptions {
  /** EMULATOR_FAULTS: chance (0..1) that a request gets a fault. */
  probability: number;
  /** Injected for deterministic runs (e.g. media/palette's seededRandom). */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** The mix a flaky network and a busy service produce; rate limits and errors dominate. */
function pickFault(roll: number): FaultKind {
  if (roll < 0.3) return 'rate_limited';
  if (roll < 0.6) return 'failed';
  if (roll < 0.85) return 'slow';
  return 'dropped';
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Chaos for the dashboard's retry and error handling: with probability EMULATOR_FAULTS a
 * request is answered 429 (Retry-After: 1), 500, delayed 1–3 s and then served, or dropped
 * (socket destroyed under node-server; 502 in process, where there is no socket to drop).
 */
export function faults(options: FaultOptions): MiddlewareHandler<EmulatorBindings> {
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? defaultSleep;
  return async (c, next) => {
    // Only authenticated API calls, which clients retry: not media an <audio> element loads.
    if (!c.get('keyHash')) return next();
    if (options.probability <= 0 || random() >= options.probability) return next();
    const kind = pickFault(random());
    const header = { [faultHeader]: kind };
    switch (kind) {
      case 'rate_limited':
        return apiError(
          c,
          'rate_limit_exceeded',
          'Too many requests (injected fault). Wait before sending another request.',
          undefined,
          { ...header, 'Retry-After': '1' },
        );
      case 'failed':
        return apiError(
          c,
          'request_failed',
          'The request could not be completed (injected fault).',
          500,
          header,
        );
      case 'slow':
        await sleep(1000 + Math.floor(random() * 2000));
        await next();
        setResponseHeader(c, faultHeader, kind);
        return;
      case 'dropped': {
        const incoming = incomingOf(c);
        if (incoming) {
          incoming.socket.destroy();
          // Never sent: the socket is gone. Returned so the middleware chain ends normally.
          return c.body(null, 502);
        }
        return apiError(
          c,
          'request_failed',
          'The connection was dropped (injected fault).',
          502,
          header,
        );
      }
    }
  };
}
