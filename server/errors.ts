import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorStatus, type ErrorEnvelope, type KnownErrorCode } from '../src/api/contract/envelope';

/**
 * The gateway's own failures, in the API's envelope so the dashboard handles them like the
 * service's. The body stays exactly `{ error: { code, message } }`; the trace id goes in a
 * header so it can be quoted in a bug report without changing the contract.
 */
export function errorResponse(
  c: Context,
  code: KnownErrorCode,
  message: string,
  status?: number,
): Response {
  const body: ErrorEnvelope = { error: { code, message } };
  return c.json(body, (status ?? errorStatus[code]) as ContentfulStatusCode, {
    'Cache-Control': 'no-store',
    'X-Trace-Id': randomUUID(),
  });
}
