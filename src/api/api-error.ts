/**
 * Codes the client gives to failures that never produced an API error envelope.
 * Envelope codes (invalid_request, unauthorized, …) come from the service itself.
 */
export const clientErrorCodes = {
  network: 'network_error',
  timeout: 'timeout',
  aborted: 'aborted',
  http: 'http_error',
  invalidResponse: 'invalid_response',
  invalidInput: 'invalid_input',
  /** A call to the gateway's own API (sign-in, tokens) while the dashboard talks to the service directly. */
  gatewayOnly: 'gateway_only',
} as const;

export interface FieldIssue {
  /** Dotted path of the field, e.g. `parameters.video_url`. */
  path: string;
  message: string;
}

interface ApiErrorInit {
  code: string;
  message: string;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  traceId?: string | null;
  retryAfterMs?: number | null;
  issues?: FieldIssue[];
  cause?: unknown;
}

/** Every failure the API layer reports, whatever its origin, so callers handle one type. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly status: number | null;
  readonly traceId: string | null;
  readonly retryAfterMs: number | null;
  readonly issues: FieldIssue[];

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.traceId = init.traceId ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.issues = init.issues ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
