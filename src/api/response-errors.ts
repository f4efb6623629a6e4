import type { z } from './contract/zod';
import { ApiError, clientErrorCodes } from './api-error';
import type { ErrorEnvelope } from './contract/envelope';
import { parseRetryAfter } from './retry-policy';

const statusNames: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "HTTP 502 Bad Gateway with an HTML page": what arrived, in words, for bodies that are not the envelope. */
export function describeHttpFailure(response: Response, text: string): string {
  const name = response.statusText || statusNames[response.status] || '';
  const status = `HTTP ${response.status}${name ? ` ${name}` : ''}`;
  const type = response.headers.get('content-type') ?? '';
  const trimmed = text.trimStart();
  if (trimmed === '') return `${status} with an empty body`;
  if (type.includes('text/html') || trimmed.startsWith('<')) return `${status} with an HTML page`;
  return `${status} with a ${type.split(';')[0] || 'non-JSON'} body`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a parsed body is the error envelope, exactly as `errorEnvelopeSchema`
 * (./contract/envelope.ts) decides it: `error` an object with a non-empty `code` and a
 * `message`, other keys anywhere allowed. By hand, so that no schema is built before a page
 * draws: every request can fail, and this module comes with the first. Not with ./hand-check.ts:
 * its checks may refuse more than their schema (a body they refuse goes to zod), where a body
 * this one refuses is described as something else than an API error.
 */
export function isErrorEnvelope(json: unknown): json is ErrorEnvelope {
  if (!isRecord(json) || !isRecord(json.error)) return false;
  const { code, message } = json.error;
  return typeof code === 'string' && code.length > 0 && typeof message === 'string';
}

/** Turns a failed response into an ApiError: the service's own envelope when it sent one. */
export function errorFromResponse(response: Response, text: string, label: string): ApiError {
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: described below from the status and content type.
  }
  const headerTraceId = response.headers.get('x-trace-id');
  if (isErrorEnvelope(json)) {
    const bodyTraceId = (json as { trace_id?: unknown }).trace_id;
    return new ApiError({
      code: json.error.code,
      message: json.error.message || `${label} failed with HTTP ${response.status}.`,
      status: response.status,
      traceId: headerTraceId ?? (typeof bodyTraceId === 'string' ? bodyTraceId : null),
      retryAfterMs,
    });
  }
  const hint =
    response.status === 502 || response.status === 503 || response.status === 504
      ? ' A proxy or gateway between the dashboard and the service could not get an answer.'
      : '';
  return new ApiError({
    code: clientErrorCodes.http,
    message: `${label} failed: the server answered ${describeHttpFailure(response, text)} instead of an API error.${hint}`,
    status: response.status,
    traceId: headerTraceId,
    retryAfterMs,
  });
}

export function formatIssues(issues: readonly z.core.$ZodIssue[], limit = 3): string {
  const shown = issues
    .slice(0, limit)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`);
  const more = issues.length > limit ? ` (and ${issues.length - limit} more)` : '';
  return shown.join('; ') + more;
}
