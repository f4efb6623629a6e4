import type { z } from './zod';

export type HttpMethod = 'GET' | 'POST';

/**
 * Whether the service requires `X-Stack-Id` on an endpoint. `unspecified` marks the
 * endpoints where the spec leaves it open: clients send it when they have one.
 */
export type StackIdRule = 'required' | 'unspecified';

/** Where an endpoint is and how it is called: everything but its schemas. */
export interface EndpointRouteMeta {
  /** Stable identifier, e.g. `voice.list`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path under `/api`, in the spec's notation: `/v1/training/status/{task_id}`. */
  readonly path: `/v1/${string}`;
  readonly summary: string;
  readonly stackId: StackIdRule;
  readonly bodyEncoding?: 'json' | 'multipart';
}

/** One endpoint of the API: the single description used by the client, the emulator and the OpenAPI document. */
export interface EndpointDef extends EndpointRouteMeta {
  readonly params?: z.core.$ZodType;
  readonly query?: z.core.$ZodType;
  /** JSON body, or the multipart form fields for uploads. */
  readonly body?: z.core.$ZodType;
  readonly response: z.core.$ZodType;
}

/** Never set at run time: only carries a route's full definition in its type. */
declare const endpointDefinition: unique symbol;

/**
 * An endpoint without its schemas, so pages can name it (to call it, or to show it as curl)
 * without loading zod. Its type still knows the full definition, so inputs and responses
 * stay typed; the API client looks the schemas up by `id` when the first call is made.
 */
export interface EndpointRoute<E extends EndpointDef = EndpointDef> extends EndpointRouteMeta {
  readonly id: E['id'];
  readonly method: E['method'];
  readonly path: E['path'];
  readonly stackId: E['stackId'];
  readonly [endpointDefinition]?: E;
}

/** The full definition a route stands for (a union of routes gives the union of theirs). */
export type DefinitionOf<R extends EndpointRoute> = R extends EndpointRoute<infer E> ? E : never;

export function defineEndpoint<const E extends EndpointDef>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends z.core.$ZodType ? z.input<S> : never;
/**
 * A part is optional when the caller could leave it out entirely: its input accepts undefined,
 * or every field in it is optional (a query made only of defaults need not be passed as `{}`).
 */
type Field<K extends string, S> = S extends z.core.$ZodType
  ? undefined extends z.input<S>
    ? { [P in K]?: InputOf<S> }
    : object extends z.input<S>
      ? { [P in K]?: InputOf<S> }
      : { [P in K]: InputOf<S> }
  : { [P in K]?: never };

/** What a caller passes to call an endpoint: only the parts it has. */
export type EndpointInput<E extends EndpointDef> = Field<'params', E['params']> &
  Field<'query', E['query']> &
  Field<'body', E['body']>;

export type EndpointResponse<E extends EndpointDef> = z.output<E['response']>;

/** `/v1/training/status/{task_id}` + `{ task_id: 'a b' }` → `/v1/training/status/a%20b`. */
export function buildPath(
  path: string,
  params: Record<string, string | number> | undefined,
): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    const text = String(value);
    // URL parsers resolve these segments even when percent-encoded, so they would change the path.
    if (text === '.' || text === '..') {
      throw new Error(`Path parameter "${name}" cannot be "${text}" for ${path}`);
    }
    return encodeURIComponent(text);
  });
}
