import { z } from './contract/zod';
import type { Connection } from '../lib/connection-settings';
import { ApiError, clientErrorCodes, type FieldIssue } from './api-error';
import {
  buildPath,
  type EndpointDef,
  type EndpointInput,
  type EndpointResponse,
  type EndpointRouteMeta,
} from './contract/endpoint';
import type { CreateAccessToken } from './contract/access';
import { accessPaths } from './contract/access-paths';
import { gatewayStatusPath } from './contract/gateway-paths';
import type { HistoryImportRequest, HistoryPeopleQuery, HistoryQuery } from './contract/history';
import {
  historyEntryPath,
  historyImportPath,
  historyPath,
  historyPeoplePath,
  historySourceHeader,
  startKeyHeader,
} from './contract/history-paths';
import { notificationEndpoints, type GatewayMethod } from './notification-client';
import { usageEndpoints } from './usage-client';
import { CheckedSchema, lazySchemas, type SchemaSource } from './lazy-module';
import { isAccessMe, isGatewayStatus } from './answer-checks';
import { isAccessSessionList, isAccessTokenList } from './access-checks';
import { isHistoryEntry, isHistoryList, isHistoryPeople } from './history-check';
import { readBodyText } from './read-body';
import { xhrFetch, type UploadProgress } from './xhr-transport';
import { toSearchParams } from './search-params';
import { describeHttpFailure, errorFromResponse, formatIssues } from './response-errors';
import {
  backoffDelay,
  defaultRetryPolicy,
  isRetryableStatus,
  sleep as defaultSleep,
  type RetryPolicy,
} from './retry-policy';

// zod builds every schema of a module as it runs: the history's, the access API's and the
// gateway status's schemas load with their first request (while it is on its way), each group
// in a short task of its own, where with the client they made one long one. The answers every
// page reads (a page of the history, who is signed in), the gateway's status and the tokens and
// sessions Settings lists are checked by hand first, and load them only for a body the check
// refuses (./history-check.ts, ./answer-checks.ts, ./access-checks.ts).
const historySchema = lazySchemas(() => import('./contract/history'));
const accessSchema = lazySchemas(() => import('./contract/access'));
const gatewaySchema = lazySchemas(() => import('./contract/gateway'));
const historyList = new CheckedSchema(isHistoryList, historySchema('historyListSchema'));
const historyEntry = new CheckedSchema(isHistoryEntry, historySchema('historyEntrySchema'));
const historyPeople = new CheckedSchema(isHistoryPeople, historySchema('historyPeopleSchema'));
const accessMe = new CheckedSchema(isAccessMe, accessSchema('accessMeSchema'));
const accessTokenList = new CheckedSchema(isAccessTokenList, accessSchema('accessTokenListSchema'));
const accessSessionList = new CheckedSchema(
  isAccessSessionList,
  accessSchema('accessSessionListSchema'),
);
const gatewayStatus = new CheckedSchema(isGatewayStatus, gatewaySchema('gatewayStatusSchema'));

export interface ApiClientOptions {
  getConnection: () => Connection;
  fetch?: typeof fetch;
  /** Per attempt. Speech synthesis of long texts can take a while, so the default is generous. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * Told of every request that passed the contract check and is sent, with a callback for how
   * it ended (after any retries). The app keeps a log of them to offer "copy as curl".
   */
  onRequest?: (request: {
    endpoint: EndpointRouteMeta;
    input: unknown;
  }) => (outcome: RequestOutcome) => void;
}

export type RequestOutcome = { ok: true } | { ok: false; error: ApiError };

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the policy's retry count, e.g. 0 for a "Test connection" that must report the first answer. */
  retries?: number;
  /** Reports bytes sent; the request then goes over XMLHttpRequest, as fetch cannot report them. */
  onUploadProgress?: (progress: UploadProgress) => void;
  /**
   * Names the creation for the gateway (startKeyHeader): a repeat with the same key gets the
   * first answer, so the request may be retried and a resumed start creates nothing twice.
   * Sent in gateway mode only; the service itself has no such header.
   */
  startKey?: string;
}

/** A call's parts as sent: each left undefined where its endpoint has none. */
interface RequestParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** `GET /v1/voice/list`: names a request in messages a person reads. */
const requestLabel = (endpoint: EndpointRouteMeta) => `${endpoint.method} ${endpoint.path}`;

interface PreparedRequest {
  url: string;
  init: RequestInit;
  /** `GET /v1/voice/list`: names the request in messages a person reads. */
  label: string;
  /** Safe to send again: GET, or a POST that carries an idempotency key. */
  repeatable: boolean;
}

const defaultTimeoutMs = 60_000;

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const random = options.random ?? Math.random;
  const wait = options.sleep ?? defaultSleep;

  function apiUrl(path: string, connection: Connection): string {
    if (connection.mode === 'direct') return `${connection.baseUrl.replace(/\/+$/, '')}/api${path}`;
    return `/api${path}`;
  }

  async function attempt<S extends z.core.$ZodType>(
    request: PreparedRequest,
    source: S | Promise<S> | CheckedSchema<S>,
    requestOptions: RequestOptions,
  ): Promise<z.output<S>> {
    const timeoutMs = requestOptions.timeoutMs ?? options.timeoutMs ?? defaultTimeoutMs;
    const controller = new AbortController();
    const callerSignal = requestOptions.signal;
    let timedOut = false;
    const onAbort = () => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);

    const failure = (cause: unknown): ApiError => {
      if (cause instanceof ApiError) return cause;
      if (callerSignal?.aborted) {
        return new ApiError({
          code: clientErrorCodes.aborted,
          message: `${request.label} was cancelled.`,
          status: null,
          cause,
        });
      }
      if (timedOut) {
        return new ApiError({
          code: clientErrorCodes.timeout,
          message: `${request.label} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
          status: null,
          cause,
        });
      }
      return new ApiError({
        code: clientErrorCodes.network,
        message: `${request.label} could not reach the service: the network failed or the server is not running.`,
        status: null,
        cause,
      });
    };

    try {
      const init = { ...request.init, signal: controller.signal };
      const onUploadProgress = requestOptions.onUploadProgress;
      const response = onUploadProgress
        ? await xhrFetch(request.url, init, onUploadProgress)
        : await fetchImpl(request.url, init);
      const text = await readBodyText(response);
      if (!response.ok) throw errorFromResponse(response, text, request.label);
      const schema = () => (source instanceof CheckedSchema ? source.load() : source);
      // No content (a deletion): the schema decides whether nothing is an answer.
      if (response.status === 204) return z.parse(await schema(), null);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (cause) {
        throw new ApiError({
          code: clientErrorCodes.invalidResponse,
          message: `${request.label} answered ${describeHttpFailure(response, text)}, not a JSON body.`,
          status: response.status,
          traceId: response.headers.get('x-trace-id'),
          cause,
        });
      }
      if (source instanceof CheckedSchema && source.passes(json)) return json;
      const parsed = z.safeParse(await schema(), json);
      if (!parsed.success) {
        throw new ApiError({
          code: clientErrorCodes.invalidResponse,
          message: `Unexpected response from ${request.label}: ${formatIssues(parsed.error.issues)}.`,
          status: response.status,
          traceId: response.headers.get('x-trace-id') ?? traceIdOf(json),
          cause: parsed.error,
        });
      }
      return parsed.data;
    } catch (cause) {
      throw failure(cause);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    }
  }

  function shouldRetry(error: ApiError): boolean {
    if (error.status !== null) return isRetryableStatus(error.status);
    return error.code === clientErrorCodes.network || error.code === clientErrorCodes.timeout;
  }

  async function send<S extends z.core.$ZodType>(
    request: PreparedRequest,
    schema: SchemaSource<S>,
    requestOptions: RequestOptions = {},
  ): Promise<z.output<S>> {
    const retries = request.repeatable ? (requestOptions.retries ?? policy.retries) : 0;
    for (let attemptNumber = 0; ; attemptNumber++) {
      // Loaded beside each attempt (once, unless a load failed): a retry tries a failed load again.
      const loaded = typeof schema === 'function' ? schema() : schema;
      // An attempt that fails before its schemas arrive never reads them: their failure is not news.
      if (loaded instanceof Promise) loaded.catch(() => undefined);
      try {
        return await attempt(request, loaded, requestOptions);
      } catch (error) {
        const apiError = error as ApiError;
        if (attemptNumber >= retries || !shouldRetry(apiError)) throw apiError;
        if (apiError.retryAfterMs !== null && apiError.retryAfterMs > policy.maxRetryAfterMs)
          throw apiError;
        const delay = apiError.retryAfterMs ?? backoffDelay(attemptNumber, policy, random);
        try {
          await wait(delay, requestOptions.signal);
        } catch (cause) {
          throw new ApiError({
            code: clientErrorCodes.aborted,
            message: `${request.label} was cancelled.`,
            status: null,
            cause,
          });
        }
      }
    }
  }

  /** The parts of a call its endpoint's schemas accept, as they are sent; throws naming each issue. */
  function validParts<E extends EndpointDef>(endpoint: E, input: EndpointInput<E>): RequestParts {
    const parts = input as RequestParts;
    // A part left out because all its fields are optional is sent as an empty object.
    const params = endpoint.params ? (parts.params ?? {}) : undefined;
    const query = endpoint.query ? (parts.query ?? {}) : undefined;
    const body = endpoint.body ? (parts.body ?? {}) : undefined;
    const issues = [
      ...validate(endpoint.params, params, 'path'),
      ...validate(endpoint.query, query, 'query'),
      ...validate(endpoint.body, body, 'body'),
    ];
    if (issues.length > 0) {
      throw new ApiError({
        code: clientErrorCodes.invalidInput,
        message: `Invalid request for ${requestLabel(endpoint)}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}.`,
        status: null,
        issues,
      });
    }
    return { params, query, body };
  }

  function prepare(
    endpoint: EndpointRouteMeta,
    { params, query, body }: RequestParts,
    startKey: string | undefined,
  ): PreparedRequest {
    const label = requestLabel(endpoint);
    const connection = options.getConnection();
    const path = buildPath(endpoint.path, params as Record<string, string> | undefined);
    const search = toSearchParams(query);
    const headers = new Headers({ Accept: 'application/json' });
    if (connection.mode === 'direct') {
      headers.set('Authorization', `Bearer ${connection.apiKey}`);
      if (connection.stackId) headers.set('X-Stack-Id', connection.stackId);
    } else {
      // The gateway's history tells the dashboard's own creations from other clients'.
      headers.set(historySourceHeader, 'dashboard');
      if (startKey) headers.set(startKeyHeader, startKey);
    }
    let requestBody: BodyInit | undefined;
    if (body !== undefined && endpoint.bodyEncoding === 'multipart') {
      requestBody = toFormData(body as Record<string, unknown>);
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      requestBody = JSON.stringify(body);
    }
    const key = (body as { idempotency_key?: unknown } | undefined)?.idempotency_key;
    return {
      url: apiUrl(path, connection) + (search ? `?${search}` : ''),
      init: { method: endpoint.method, headers, body: requestBody },
      label,
      repeatable:
        endpoint.method === 'GET' ||
        (typeof key === 'string' && key.length > 0) ||
        (connection.mode !== 'direct' && Boolean(startKey)),
    };
  }

  return {
    /** Calls one endpoint of the contract; resolves to its parsed body or throws ApiError. */
    call<E extends EndpointDef>(
      endpoint: E,
      input: EndpointInput<E>,
      requestOptions?: RequestOptions,
    ): Promise<EndpointResponse<E>> {
      let prepared: PreparedRequest;
      try {
        prepared = prepare(endpoint, validParts(endpoint, input), requestOptions?.startKey);
      } catch (error) {
        return Promise.reject(error);
      }
      const sent = send(prepared, endpoint.response, requestOptions);
      return logged(endpoint, input, sent as Promise<EndpointResponse<E>>);
    },
    /**
     * Calls an endpoint without its schemas, for an input its hand check passed
     * (../endpoint-checks.ts): the parts are sent as they are, and `response` decides the answer,
     * loading the endpoint's schema only for a body its check refuses.
     */
    callChecked<S extends z.core.$ZodType>(
      route: EndpointRouteMeta,
      input: unknown,
      response: CheckedSchema<S>,
      requestOptions?: RequestOptions,
    ): Promise<z.output<S>> {
      let prepared: PreparedRequest;
      try {
        prepared = prepare(route, input as RequestParts, requestOptions?.startKey);
      } catch (error) {
        return Promise.reject(error);
      }
      return logged(route, input, send(prepared, response, requestOptions));
    },
    /** The dashboard's own server: always same-origin, whichever mode the API calls use. */
    gatewayStatus(requestOptions?: RequestOptions) {
      return gatewayCall('GET', gatewayStatusPath, gatewayStatus, undefined, requestOptions);
    },
    /** One page of the gateway's history, newest first. */
    listHistory(query: HistoryQuery, requestOptions?: RequestOptions) {
      const search = toSearchParams(query);
      const url = search ? `${historyPath}?${search}` : historyPath;
      return gatewayCall('GET', url, historyList, undefined, requestOptions);
    },
    /** Everyone who started an entry of the history (of the kinds asked), by name. */
    historyPeople(query: HistoryPeopleQuery, requestOptions?: RequestOptions) {
      const search = toSearchParams(query);
      const url = search ? `${historyPeoplePath}?${search}` : historyPeoplePath;
      return gatewayCall('GET', url, historyPeople, undefined, requestOptions);
    },
    /** One entry of the gateway's history, with every reading it keeps. */
    historyEntry(id: string, requestOptions?: RequestOptions) {
      return gatewayCall('GET', historyEntryPath(id), historyEntry, undefined, requestOptions);
    },
    /** Removes an entry from the history, for every viewer (the service keeps the resource). */
    deleteHistoryEntry(id: string, requestOptions?: RequestOptions) {
      return gatewayCall('DELETE', historyEntryPath(id), z.null(), undefined, requestOptions);
    },
    /** Hands the gateway entries this browser kept; ids it already has are skipped. */
    importHistory(body: HistoryImportRequest, requestOptions?: RequestOptions) {
      return gatewayCall(
        'POST',
        historyImportPath,
        historySchema('historyImportResponseSchema'),
        body,
        requestOptions,
      );
    },
    /** Who is signed in to the gateway, and how it asks people to sign in. */
    accessMe(requestOptions?: RequestOptions) {
      return accessCall('GET', accessPaths.me, accessMe, undefined, requestOptions);
    },
    /** The signed-in person's personal access tokens (never their secrets). */
    listAccessTokens(requestOptions?: RequestOptions) {
      return accessCall('GET', accessPaths.tokens, accessTokenList, undefined, requestOptions);
    },
    /** Creates a token; the answer carries its secret, the only time the gateway shows it. */
    createAccessToken(body: CreateAccessToken, requestOptions?: RequestOptions) {
      return accessCall(
        'POST',
        accessPaths.tokens,
        accessSchema('createdAccessTokenSchema'),
        body,
        {
          ...requestOptions,
          // A second try after a lost answer would make a second token the person never sees.
          retries: 0,
        },
      );
    },
    /** Revokes a token: requests that bring it are refused from then on. */
    revokeAccessToken(id: string, requestOptions?: RequestOptions) {
      return accessCall('DELETE', accessPaths.token(id), z.null(), undefined, requestOptions);
    },
    /** The signed-in person's sessions, this browser's among them (`current`). */
    listAccessSessions(requestOptions?: RequestOptions) {
      return accessCall('GET', accessPaths.sessions, accessSessionList, undefined, requestOptions);
    },
    /** Signs another browser out. */
    endAccessSession(id: string, requestOptions?: RequestOptions) {
      return accessCall('DELETE', accessPaths.session(id), z.null(), undefined, requestOptions);
    },
    ...notificationEndpoints(
      gatewayOnly('in direct mode there is no gateway to send notifications'),
    ),
    ...usageEndpoints(gatewayOnly('in direct mode there is no gateway to count usage')),
  };

  /** Tells the request log (`onRequest`) of a call to the service and, later, how it ended. */
  function logged<T>(endpoint: EndpointRouteMeta, input: unknown, sent: Promise<T>): Promise<T> {
    const settle = options.onRequest?.({ endpoint, input });
    sent.then(
      () => settle?.({ ok: true }),
      (error: unknown) => settle?.({ ok: false, error: error as ApiError }),
    );
    return sent;
  }

  /** A call to the gateway's own endpoints: same origin, JSON, no key. */
  function gatewayCall<S extends z.core.$ZodType>(
    method: GatewayMethod,
    url: string,
    schema: SchemaSource<S>,
    body: unknown,
    requestOptions?: RequestOptions,
  ): Promise<z.output<S>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return send(
      {
        url,
        init: { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) },
        label: `${method} ${url.split('?')[0]}`,
        // Deleting twice or importing twice ends the same way, so both may be retried.
        repeatable: true,
      },
      schema,
      requestOptions,
    );
  }

  /**
   * The access API belongs to the gateway the dashboard talks to in gateway mode; in direct
   * mode the service's API key decides who may call, and there is no one to sign in as.
   */
  function accessCall<S extends z.core.$ZodType>(
    method: GatewayMethod,
    url: string,
    schema: SchemaSource<S>,
    body: unknown,
    requestOptions?: RequestOptions,
  ): Promise<z.output<S>> {
    return gatewayOnly('in direct mode there is no sign-in')(
      method,
      url,
      schema,
      body,
      requestOptions,
    );
  }

  /** A caller of the gateway's own API that refuses, sending nothing, in direct mode. */
  function gatewayOnly(why: string) {
    return <S extends z.core.$ZodType>(
      method: GatewayMethod,
      url: string,
      schema: SchemaSource<S>,
      body: unknown,
      requestOptions?: RequestOptions,
    ): Promise<z.output<S>> => {
      if (options.getConnection().mode !== 'gateway') {
        return Promise.reject(
          new ApiError({
            code: clientErrorCodes.gatewayOnly,
            message: `${method} ${url.split('?')[0]} is the gateway's: ${why}.`,
            status: null,
          }),
        );
      }
      return gatewayCall(method, url, schema, body, requestOptions);
    };
  }
}

/** Issues name the field as the service would (`prompt`, `parameters.video_url`), or the part when it is the part itself. */
function validate(schema: z.core.$ZodType | undefined, value: unknown, part: string): FieldIssue[] {
  if (!schema) return [];
  const result = z.safeParse(schema, value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : part,
    message: issue.message,
  }));
}

function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (value !== undefined && value !== null) form.append(name, String(value));
  }
  return form;
}

function traceIdOf(json: unknown): string | null {
  const value = (json as { trace_id?: unknown } | null)?.trace_id;
  return typeof value === 'string' ? value : null;
}
