/**
 * registerEndpoint: how every emulator route is declared, from the contract's EndpointDef.
 *
 *   // server/emulator/routes/speech-tasks.ts
 *   export const speechTaskRoutes: RouteModule = (app, { db, mediaStore }) => {
 *     registerEndpoint(app, getSpeechTask, ({ params, principal, traceId, origin }) => {
 *       const task = findSpeechTask(db, params.task_id, principal);
 *       if (!task) throw notFound(`No speech task with id ${params.task_id}.`);
 *       const url = task.media_id ? mediaStore.urlFor(task.media_id, origin) : null;
 *       return { data: toSpeechTask(task, url), trace_id: traceId };
 *     });
 *   };
 *
 * Before the handler runs: X-Stack-Id is enforced where the contract requires it, and path
 * params, query and JSON body are parsed with the endpoint's own schemas (defaults applied),
 * every problem reported in one `invalid_request` message. The handler returns the success
 * body (sent as JSON 200 after a check against the endpoint's response schema, so a handler
 * cannot drift from the contract, unless the app skips the checks: see skipResponseChecks) or
 * a Response of its own. Throw EmulatorHttpError (notFound, invalidRequest) for API errors.
 */
import { core, type z } from 'zod';
import type { EndpointDef, EndpointResponse } from '../../../src/api/contract/endpoint';
import { requestOrigin } from '../origin';
import type { Principal } from '../principal';
import type { EmulatorApp, EmulatorContext } from './context';
import { invalidRequest } from './errors';
import { readJsonBody } from './read-body';
import { readStackId } from './stack-id';
import { formatIssues } from './zod-message';

/** What every route gets about the request it serves. */
export interface RequestScope {
  c: EmulatorContext;
  principal: Principal;
  traceId: string;
  /** Origin for absolute URLs (see requestOrigin). */
  origin: string;
}

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface HandlerContext<E extends EndpointDef> extends RequestScope {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

type Result<E extends EndpointDef> = EndpointResponse<E> | Response;
export type EndpointHandler<E extends EndpointDef> = (
  ctx: HandlerContext<E>,
) => Result<E> | Promise<Result<E>>;

const registered = new WeakMap<object, Set<string>>();

/** Ids of the endpoints registered on an app: lets tests walk the registry over what exists. */
export function registeredEndpointIds(app: EmulatorApp): ReadonlySet<string> {
  return registered.get(app) ?? new Set();
}

/** `/v1/training/status/{task_id}` → `/api/v1/training/status/:task_id`. */
export function routePath(endpoint: EndpointDef): string {
  return `/api${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

const unchecked = new WeakSet<EmulatorApp>();

/**
 * Success bodies of this app's endpoints are sent without the check against the contract
 * (CreateEmulatorOptions.checkResponses). Call it before registering routes.
 */
export function skipResponseChecks(app: EmulatorApp): void {
  unchecked.add(app);
}

/** Whether this app's success bodies are checked: what raw endpoints pass to sendContractJson. */
export function checksResponses(app: EmulatorApp): boolean {
  return !unchecked.has(app);
}

/** Sends a success body, after checking it against the endpoint's response schema if `check`. */
export function sendContractJson(
  c: EmulatorContext,
  endpoint: EndpointDef,
  body: unknown,
  check = true,
) {
  const result = check ? core.safeParse(endpoint.response, body) : null;
  if (result && !result.success) {
    // A bug in the emulator, not in the request: surfaces as a 500 and in the log.
    throw new Error(
      `The emulator's response to ${endpoint.id} breaks the contract: ${formatIssues(result.error.issues, 'response')}`,
    );
  }
  return c.json(body as Record<string, unknown>, 200);
}

/**
 * The lower level: method, path, X-Stack-Id and principal, but no parsing. For endpoints whose
 * body is not JSON (multipart upload). Prefer registerEndpoint.
 */
export function registerRawEndpoint(
  app: EmulatorApp,
  endpoint: EndpointDef,
  handler: (scope: RequestScope) => Response | Promise<Response>,
): void {
  let ids = registered.get(app);
  if (!ids) registered.set(app, (ids = new Set()));
  if (ids.has(endpoint.id)) throw new Error(`Endpoint ${endpoint.id} is registered twice.`);
  ids.add(endpoint.id);

  app.on(endpoint.method, routePath(endpoint), async (c) => {
    const stackId = readStackId(c, endpoint);
    const keyHash = c.get('keyHash');
    if (!keyHash) throw new Error(`No authenticated key on ${endpoint.id}: is auth mounted?`);
    return handler({
      c,
      principal: { keyHash, stackId },
      traceId: c.get('traceId'),
      origin: requestOrigin(c),
    });
  });
}

async function parsePart(
  schema: z.core.$ZodType,
  value: unknown,
  location: string,
): Promise<unknown> {
  const result = await safeParseSyncFirst(schema, value);
  if (!result.success) throw invalidRequest(formatIssues(result.error.issues, location));
  return result.data;
}

/**
 * The contract's schemas are synchronous, and a synchronous parse costs about half an async
 * one on every request. A schema that gains an async check makes zod throw instead; it is
 * parsed again asynchronously then.
 */
function safeParseSyncFirst(schema: z.core.$ZodType, value: unknown) {
  try {
    return core.safeParse(schema, value, { reportInput: true });
  } catch (err) {
    if (!(err instanceof core.$ZodAsyncError)) throw err;
    return core.safeParseAsync(schema, value, { reportInput: true });
  }
}

/** Registers a JSON endpoint of the contract; see the example at the top of this file. */
export function registerEndpoint<E extends EndpointDef>(
  app: EmulatorApp,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  if (endpoint.bodyEncoding === 'multipart') {
    throw new Error(`${endpoint.id} is multipart: use registerRawEndpoint and parse the form.`);
  }
  const check = checksResponses(app);
  registerRawEndpoint(app, endpoint, async (scope) => {
    const { c } = scope;
    // Only the parts the contract has: reading the others (the query string) costs too.
    const params = endpoint.params
      ? await parsePart(endpoint.params, c.req.param(), 'path')
      : undefined;
    const query = endpoint.query
      ? await parsePart(endpoint.query, c.req.query(), 'query')
      : undefined;
    const body = endpoint.body
      ? await parsePart(endpoint.body, await readJsonBody(c), 'body')
      : undefined;
    const ctx = { ...scope, params, query, body } as HandlerContext<E>;
    const result = await handler(ctx);
    return result instanceof Response ? result : sendContractJson(c, endpoint, result, check);
  });
}
