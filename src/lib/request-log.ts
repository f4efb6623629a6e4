import type { ApiError } from '../api/api-error';
import type { RequestOutcome } from '../api/client';
import type { EndpointRoute } from '../api/contract/endpoint';

/** Enough to find the request just made, and a little before it. */
export const requestLogLimit = 50;

export interface LoggedRequest {
  id: number;
  endpoint: EndpointRoute;
  /** The input as passed, with file contents dropped (their names are kept for curl). */
  input: unknown;
  startedAt: Date;
  outcome: { state: 'pending' } | { state: 'succeeded' } | { state: 'failed'; error: ApiError };
}

let log: readonly LoggedRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Files can be large: keep an empty stand-in with the same name, which is all curl needs. */
function withoutFileContents(input: unknown): unknown {
  const body = (input as { body?: unknown } | undefined)?.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return input;
  const lightBody = Object.fromEntries(
    Object.entries(body).map(([name, value]) =>
      value instanceof Blob
        ? [name, new File([], value instanceof File ? value.name : name, { type: value.type })]
        : [name, value],
    ),
  );
  return { ...(input as object), body: lightBody };
}

/** For the API client's `onRequest`: records a request and returns how to record its end. */
export function recordRequest(request: { endpoint: EndpointRoute; input: unknown }) {
  const entry: LoggedRequest = {
    id: nextId++,
    endpoint: request.endpoint,
    input: withoutFileContents(request.input),
    startedAt: new Date(),
    outcome: { state: 'pending' },
  };
  log = [entry, ...log].slice(0, requestLogLimit);
  emit();
  return (outcome: RequestOutcome) => {
    const ended: LoggedRequest['outcome'] = outcome.ok
      ? { state: 'succeeded' }
      : { state: 'failed', error: outcome.error };
    log = log.map((item) => (item.id === entry.id ? { ...item, outcome: ended } : item));
    emit();
  };
}

/** Newest first. A new array on every change, so it works as a useSyncExternalStore snapshot. */
export function readRequestLog(): readonly LoggedRequest[] {
  return log;
}

export function subscribeRequestLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearRequestLog(): void {
  log = [];
  emit();
}
