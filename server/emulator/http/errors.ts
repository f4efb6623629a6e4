import { randomUUID } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  errorStatus,
  type ErrorEnvelope,
  type KnownErrorCode,
} from '../../../src/api/contract/envelope';
import type { EmulatorContext } from './context';

/**
 * An API failure thrown from anywhere below a route (a repository lookup, a body reader):
 * the app's onError turns it into the envelope. Anything else thrown becomes a 500.
 */
export class EmulatorHttpError extends Error {
  readonly status: number;
  constructor(
    readonly code: KnownErrorCode,
    message: string,
    status?: number,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'EmulatorHttpError';
    this.status = status ?? errorStatus[code];
  }
}

export const invalidRequest = (message: string, status?: number) =>
  new EmulatorHttpError('invalid_request', message, status);

export const notFound = (message: string) => new EmulatorHttpError('not_found', message);

/** The envelope `{ error: { code, message } }`, with this request's trace id in X-Trace-Id. */
export function apiError(
  c: EmulatorContext,
  code: KnownErrorCode,
  message: string,
  status?: number,
  headers: Record<string, string> = {},
): Response {
  const body: ErrorEnvelope = { error: { code, message } };
  return c.json(body, (status ?? errorStatus[code]) as ContentfulStatusCode, {
    ...headers,
    'X-Trace-Id': c.get('traceId') ?? randomUUID(),
  });
}

export function errorFromException(c: EmulatorContext, err: EmulatorHttpError): Response {
  return apiError(c, err.code, err.message, err.status, err.headers);
}
