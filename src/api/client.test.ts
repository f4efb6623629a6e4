import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { createApiClient } from './client';
import { CheckedSchema } from './lazy-module';
import { defineEndpoint } from './contract/endpoint';
import { successEnvelope } from './contract/envelope';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const itemEndpoint = defineEndpoint({
  id: 'test.item',
  method: 'GET',
  path: '/v1/items/{item_id}',
  summary: 'Reads an item',
  stackId: 'required',
  params: z.object({ item_id: z.string().min(1) }),
  query: z.object({ expand: z.string().optional() }).optional(),
  response: successEnvelope(z.looseObject({ id: z.string(), size: z.number().int() })),
});

const createEndpoint = defineEndpoint({
  id: 'test.create',
  method: 'POST',
  path: '/v1/items',
  summary: 'Creates an item',
  stackId: 'required',
  body: z.object({ prompt: z.string().min(1), idempotency_key: z.string().max(240).optional() }),
  response: successEnvelope(z.looseObject({ id: z.string() })),
});

let server: Server;
let origin: string;
let handler: Handler;
let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
let waits: number[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  waits = [];
});

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function directClient(options: { timeoutMs?: number } = {}) {
  return createApiClient({
    getConnection: () => ({
      mode: 'direct',
      baseUrl: origin,
      apiKey: 'sk-direct',
      stackId: 'stack-1',
    }),
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('calls {base_url}/api/v1/... with the key and stack id in direct mode and parses the body', async () => {
    handler = (_req, res) =>
      json(res, 200, { data: { id: 'a b', size: 3, extra: true }, trace_id: 't-1' });
    const result = await directClient().call(itemEndpoint, {
      params: { item_id: 'a b' },
      query: { expand: 'all' },
    });
    expect(result.data).toEqual({ id: 'a b', size: 3, extra: true });
    expect(result.trace_id).toBe('t-1');
    expect(seen[0]?.url).toBe('/api/v1/items/a%20b?expand=all');
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-direct');
    expect(seen[0]?.headers['x-stack-id']).toBe('stack-1');
  });

  it('sends relative /api/v1 paths and no credentials in gateway mode', async () => {
    handler = (_req, res) => json(res, 200, { data: { id: 'x', size: 1 } });
    const urls: string[] = [];
    const client = createApiClient({
      getConnection: () => ({ mode: 'gateway' }),
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(new URL(String(input), origin), init);
      },
    });
    await client.call(itemEndpoint, { params: { item_id: 'x' } });
    expect(urls).toEqual(['/api/v1/items/x']);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['x-stack-id']).toBeUndefined();
  });

  it('turns the error envelope into an ApiError with code, message, status and trace id', async () => {
    handler = (_req, res) =>
      json(
        res,
        400,
        { error: { code: 'invalid_request', message: 'prompt must not be empty' } },
        { 'x-trace-id': 'tr-9' },
      );
    const error = await failure(directClient().call(createEndpoint, { body: { prompt: 'ok' } }));
    expect(error).toMatchObject({
      code: 'invalid_request',
      message: 'prompt must not be empty',
      status: 400,
      traceId: 'tr-9',
    });
  });

  it('explains an HTML error page from a proxy instead of failing to parse it', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    };
    const error = await failure(directClient().call(createEndpoint, { body: { prompt: 'x' } }));
    expect(error.code).toBe('http_error');
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/HTTP 502 Bad Gateway with an HTML page/);
    expect(seen).toHaveLength(1);
  });

  it('stops a request that exceeds its timeout and says so', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { data: { id: 'late' } }), 400);
    const error = await failure(
      directClient({ timeoutMs: 50 }).call(createEndpoint, { body: { prompt: 'x' } }),
    );
    expect(error.code).toBe('timeout');
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/took longer than/);
  });

  it('reports a network failure in words', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createApiClient({
      getConnection: () => ({ mode: 'direct', baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k' }),
    });
    const error = await failure(client.call(createEndpoint, { body: { prompt: 'x' } }));
    expect(error.code).toBe('network_error');
    expect(error.message).toMatch(/could not reach the service/);
  });

  it('retries a 429 after the Retry-After the service asked for', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls === 1)
        json(
          res,
          429,
          { error: { code: 'rate_limit_exceeded', message: 'slow down' } },
          { 'retry-after': '2' },
        );
      else json(res, 200, { data: { id: 'i', size: 1 } });
    };
    const result = await directClient().call(itemEndpoint, { params: { item_id: 'i' } });
    expect(result.data.id).toBe('i');
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('retries 5xx with growing backoff and gives up after the retry budget', async () => {
    handler = (_req, res) => json(res, 503, { error: { code: 'request_failed', message: 'busy' } });
    const error = await failure(directClient().call(itemEndpoint, { params: { item_id: 'i' } }));
    expect(error).toMatchObject({ code: 'request_failed', status: 503 });
    expect(seen).toHaveLength(4);
    // random() is 0.5, so each wait is half of the doubling ceiling.
    expect(waits).toEqual([200, 400, 800]);
  });

  it('never repeats a POST without an idempotency key', async () => {
    handler = (_req, res) => json(res, 500, { error: { code: 'request_failed', message: 'boom' } });
    const error = await failure(directClient().call(createEndpoint, { body: { prompt: 'x' } }));
    expect(error.status).toBe(500);
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('repeats a POST that carries an idempotency key, with the same key', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls < 3) json(res, 502, { error: { code: 'request_failed', message: 'upstream' } });
      else json(res, 200, { data: { id: 'op-1' } });
    };
    const result = await directClient().call(createEndpoint, {
      body: { prompt: 'x', idempotency_key: 'k-1' },
    });
    expect(result.data.id).toBe('op-1');
    expect(seen.map((s) => JSON.parse(s.body).idempotency_key)).toEqual(['k-1', 'k-1', 'k-1']);
  });

  it('tells onRequest once per call, after its retries, and never for input it refused', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls < 2) json(res, 503, { error: { code: 'request_failed', message: 'busy' } });
      else json(res, 200, { data: { id: 'op-2' } });
    };
    const events: string[] = [];
    const client = createApiClient({
      getConnection: () => ({ mode: 'direct', baseUrl: origin, apiKey: 'k', stackId: 's' }),
      sleep: async () => {},
      onRequest: ({ endpoint, input }) => {
        events.push(`start ${endpoint.id} ${JSON.stringify(input)}`);
        return (outcome) => events.push(outcome.ok ? 'ok' : `failed ${outcome.error.code}`);
      },
    });
    await client.call(createEndpoint, { body: { prompt: 'x', idempotency_key: 'k-2' } });
    await failure(client.call(createEndpoint, { body: { prompt: '' } }));
    handler = (_req, res) => json(res, 400, { error: { code: 'invalid_request', message: 'no' } });
    await failure(client.call(createEndpoint, { body: { prompt: 'y' } }));
    expect(events).toEqual([
      'start test.create {"body":{"prompt":"x","idempotency_key":"k-2"}}',
      'ok',
      'start test.create {"body":{"prompt":"y"}}',
      'failed invalid_request',
    ]);
  });

  it('reports a success body of an unexpected shape as invalid_response', async () => {
    handler = (_req, res) => json(res, 200, { data: { id: 42 } }, { 'x-trace-id': 'tr-2' });
    const error = await failure(directClient().call(itemEndpoint, { params: { item_id: 'i' } }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(
      /Unexpected response from GET \/v1\/items\/\{item_id\}: data\.id/,
    );
    expect(error.traceId).toBe('tr-2');
  });

  it('reports a success body that is not JSON as invalid_response', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Login</title>');
    };
    const error = await failure(directClient().call(itemEndpoint, { params: { item_id: 'i' } }));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(/HTML page/);
  });

  it('rejects invalid input before sending, naming the field and the rule', async () => {
    const error = await failure(directClient().call(createEndpoint, { body: { prompt: '' } }));
    expect(error.code).toBe('invalid_input');
    expect(error.issues[0]?.path).toBe('prompt');
    expect(seen).toHaveLength(0);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, { data: { id: 'x', size: 1 } }), 500);
    const controller = new AbortController();
    const pending = directClient().call(
      itemEndpoint,
      { params: { item_id: 'i' } },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 30);
    const error = await failure(pending);
    expect(error.code).toBe('aborted');
    expect(waits).toEqual([]);
  });

  it('does not wait for a Retry-After longer than the policy allows', async () => {
    handler = (_req, res) =>
      json(
        res,
        429,
        { error: { code: 'rate_limit_exceeded', message: 'later' } },
        { 'retry-after': '3600' },
      );
    const error = await failure(directClient().call(itemEndpoint, { params: { item_id: 'i' } }));
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', retryAfterMs: 3_600_000 });
    expect(seen).toHaveLength(1);
  });
});

describe('api client input parts', () => {
  const listEndpoint = defineEndpoint({
    id: 'test.list',
    method: 'GET',
    path: '/v1/list',
    summary: 'Lists',
    stackId: 'required',
    query: z.object({ scope: z.enum(['all', 'mine']).default('all') }),
    response: successEnvelope(z.looseObject({ items: z.array(z.string()) })),
  });

  it('sends an endpoint whose query is all optional without one', async () => {
    handler = (_req, res) => json(res, 200, { data: { items: [] } });
    await directClient().call(listEndpoint, {});
    expect(seen[0]?.url).toBe('/api/v1/list');
  });

  it('names the query field that breaks a rule', async () => {
    const error = await failure(
      directClient().call(listEndpoint, { query: { scope: 'everyone' as 'all' } }),
    );
    expect(error.issues[0]?.path).toBe('scope');
    expect(error.message).toMatch(/^Invalid request for GET \/v1\/list: scope: /);
    expect(seen).toHaveLength(0);
  });
});

describe('api client calls checked by hand', () => {
  const listResponse = successEnvelope(z.looseObject({ items: z.array(z.string()) }));
  const listRoute = {
    id: 'test.list',
    method: 'GET',
    path: '/v1/lists/{list_id}',
    summary: 'Lists',
    stackId: 'required',
  } as const;
  const isList = (body: unknown): body is z.output<typeof listResponse> => {
    const items = (body as { data?: { items?: unknown } } | null)?.data?.items;
    return Array.isArray(items) && items.every((item) => typeof item === 'string');
  };
  /** The list's answer check, counting how often its schema is asked for. */
  function checkedList() {
    const loads = { count: 0 };
    const schema = new CheckedSchema(isList, async () => {
      loads.count++;
      return listResponse;
    });
    return { schema, loads };
  }

  it('sends the parts as given and takes an answer the check passes as it is, loading no schema', async () => {
    const answer = { data: { items: ['a', 'b'] }, trace_id: 't-9' };
    handler = (_req, res) => json(res, 200, answer);
    const { schema, loads } = checkedList();

    const result = await directClient().callChecked(
      listRoute,
      { params: { list_id: 'l 1' }, query: { scope: 'mine' } },
      schema,
    );

    expect(result).toEqual(answer);
    expect(loads.count).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/v1/lists/l%201?scope=mine' });
    expect(seen[0]?.headers.authorization).toBe('Bearer sk-direct');
  });

  it('loads the schema for an answer the check refuses, which zod then judges', async () => {
    const { schema, loads } = checkedList();
    // Refused by the check (a number among the items) and by the schema: the issue is named.
    handler = (_req, res) => json(res, 200, { data: { items: ['a', 7] } }, { 'x-trace-id': 'tr' });
    const error = await failure(
      directClient().callChecked(listRoute, { params: { list_id: 'l' } }, schema),
    );
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(
      /^Unexpected response from GET \/v1\/lists\/\{list_id\}: data\.items\.1/,
    );
    expect(loads.count).toBe(1);

    // Refused by the stricter check only: zod's answer is the answer (unknown keys dropped).
    handler = (_req, res) => json(res, 200, { data: { items: [] }, x: 1 });
    const stripping = z.object({ data: z.object({ items: z.array(z.string()) }) });
    const refusesAll = new CheckedSchema(
      (_body: unknown): _body is z.output<typeof stripping> => false,
      async () => stripping,
    );
    await expect(
      directClient().callChecked(listRoute, { params: { list_id: 'l' } }, refusesAll),
    ).resolves.toEqual({ data: { items: [] } });
  });

  it('retries and logs as a call with schemas does', async () => {
    let calls = 0;
    handler = (_req, res) => {
      calls++;
      if (calls < 2) json(res, 503, { error: { code: 'request_failed', message: 'busy' } });
      else json(res, 200, { data: { items: [] } });
    };
    const events: string[] = [];
    const client = createApiClient({
      getConnection: () => ({ mode: 'gateway' }),
      fetch: (input, init) => globalThis.fetch(new URL(String(input), origin), init),
      sleep: async () => {},
      onRequest: ({ endpoint, input }) => {
        events.push(`start ${endpoint.id} ${JSON.stringify(input)}`);
        return (outcome) => events.push(outcome.ok ? 'ok' : `failed ${outcome.error.code}`);
      },
    });

    await client.callChecked(listRoute, { params: { list_id: 'l' } }, checkedList().schema);

    expect(seen.map(({ url }) => url)).toEqual(['/api/v1/lists/l', '/api/v1/lists/l']);
    expect(seen[1]?.headers.authorization).toBeUndefined();
    expect(events).toEqual(['start test.list {"params":{"list_id":"l"}}', 'ok']);
  });
});
