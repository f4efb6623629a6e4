import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayStatusPath } from '../../src/api/contract/gateway-paths';
import {
  historyEventsPath,
  historyPeoplePath,
  historyPeopleQuerySchema,
  historyQuerySchema,
} from '../../src/api/contract/history';
import { gatewayOpenApiDocument } from './gateway-openapi';
import { routesHarness } from './routes-harness';
import { notifyOpenApiPaths } from '../notify/notify-openapi';
import { usageOpenApiPaths } from '../usage/usage-openapi';

interface Operation {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const h = await routesHarness();
afterAll(() => h.cleanup());
const doc = gatewayOpenApiDocument() as unknown as Doc;

/** `/api/history/:id` as OpenAPI writes it. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the gateway OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, served at /api/openapi.json', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');

    const res = await h.app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it('lists every route the history serves, and the gateway status', () => {
    const served = h.app.routes
      // HEAD is answered by the GET operation; the document does not describe itself.
      .filter((route) => route.method !== 'HEAD' && route.path !== '/api/openapi.json')
      .map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`);
    // The notification and usage endpoints are checked beside their routes
    // (notify-openapi.test.ts, usage.test.ts).
    const notifications = new Set([
      ...Object.keys(notifyOpenApiPaths()),
      ...Object.keys(usageOpenApiPaths()),
    ]);
    const documented = Object.entries(doc.paths)
      .filter(([path]) => !notifications.has(path))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    expect(new Set(served).size).toBeGreaterThanOrEqual(6);
    expect(documented.sort()).toEqual([...new Set([...served, `get ${gatewayStatusPath}`])].sort());
  });

  it('declares path and query parameters, error envelopes and the event stream', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.values(byMethod).map((op) => ({ path, op })),
    );
    expect(new Set(ops.map(({ op }) => op.operationId)).size).toBe(ops.length);
    for (const { path, op } of ops) {
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(op.parameters, op.operationId).toContainEqual(
          expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }),
        );
      }
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('4')) continue;
        const schema = response.content?.['application/json']?.schema;
        expect(schema, `${op.operationId} ${status}`).toMatchObject({
          properties: { error: { required: expect.arrayContaining(['code', 'message']) } },
        });
      }
    }

    const list = doc.paths['/api/history']!.get!;
    expect(list.parameters?.map((p) => p.name).sort()).toEqual(
      Object.keys(historyQuerySchema.shape).sort(),
    );
    expect(list.parameters?.map((p) => p.name)).toContain('started_by');
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400']));
    const people = doc.paths[historyPeoplePath]!.get!;
    expect(people.parameters?.map((p) => p.name)).toEqual(
      Object.keys(historyPeopleQuerySchema.shape),
    );
    expect(people.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { people: { type: 'array' } },
    });
    expect(doc.paths['/api/history/{id}']!.get!.responses['404']).toBeDefined();
    expect(doc.paths['/api/history/{id}']!.delete!.responses['204']).toBeDefined();
    expect(doc.paths['/api/history/import']!.post!.requestBody).toBeDefined();

    const events = doc.paths[historyEventsPath]!.get!;
    expect(Object.keys(events.responses['200']!.content!)).toEqual(['text/event-stream']);
    expect(events.parameters).toContainEqual(
      expect.objectContaining({ name: 'Last-Event-ID', in: 'header' }),
    );
  });
});
