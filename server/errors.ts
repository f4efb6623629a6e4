import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { signInRequiredCode } from '../src/api/contract/access';
import { budgetExceededCode } from '../src/api/contract/usage-paths';
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
  return envelope(c, code, message, status ?? errorStatus[code]);
}

/**
 * The gateway refusing to act (a foreign Host, a cross-site request): its own code, `forbidden`,
 * with 403. The service has no such code; the envelope takes any.
 */
export function forbiddenResponse(c: Context, message: string): Response {
  return envelope(c, 'forbidden', message, 403);
}

/**
 * No valid session or token: 401 with the gateway's own code, so the dashboard goes to the
 * sign-in page while the service's `unauthorized` (a wrong API key) stays distinct.
 */
export function signInRequiredResponse(c: Context, message: string): Response {
  return envelope(c, signInRequiredCode, message, 401);
}

/**
 * A training start refused because a monthly budget is spent: 402 with the gateway's own code,
 * `budget_exceeded`, so the form shows the budget's message and keeps the start as a draft.
 */
export function budgetExceededResponse(c: Context, message: string): Response {
  return envelope(c, budgetExceededCode, message, 402);
}

function envelope(c: Context, code: string, message: string, status: number): Response {
  const body: ErrorEnvelope = { error: { code, message } };
  return c.json(body, status as ContentfulStatusCode, {
    'Cache-Control': 'no-store',
    'X-Trace-Id': randomUUID(),
  });
}
