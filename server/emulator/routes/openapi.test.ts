import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/api/contract/endpoints';
import { createTestEmulator, type TestEmulator } from '../test-support/test-emulator';

interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
}
type Doc = {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

let emu: TestEmulator;
let doc: Doc;

beforeAll(async () => {
  emu = createTestEmulator();
  // No Authorization: the document is public.
  const res = await emu.request('http://studio.test:8788/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Doc;
});
afterAll(() => emu.cleanup());

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://studio.test:8788' }]);
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
  });

  it('lists every endpoint of the registry, with the X-Stack-Id rule and error responses', () => {
    for (const endpoint of endpoints) {
      const path = `/api${endpoint.path}`;
      const op = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(op, endpoint.id).toBeDefined();
      expect(op!.operationId).toBe(endpoint.id);
      const stack = op!.parameters?.find((p) => p.name === 'X-Stack-Id');
      expect(stack, endpoint.id).toMatchObject({
        in: 'header',
        required: endpoint.stackId === 'required',
      });
      for (const status of ['200', '400', '401', '429', '500']) {
        expect(op!.responses[status], `${endpoint.id} ${status}`).toBeDefined();
      }
      for (const name of path.match(/\{(\w+)\}/g) ?? []) {
        expect(op!.parameters).toContainEqual(
          expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }),
        );
      }
    }
    const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
    expect(operations.filter((op) => !op.operationId.startsWith('media.'))).toHaveLength(
      endpoints.length + 1,
    );
  });

  it('describes the upload file as binary, query parameters, and the public media route', () => {
    const upload = doc.paths['/api/v1/files/upload']!.post!;
    const form = upload.requestBody!.content['multipart/form-data']!.schema;
    expect(form).toMatchObject({
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file', 'purpose'],
    });
    expect(doc.paths['/api/v1/voice/list']!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: 'scope', in: 'query', required: false }),
    );
    const media = doc.paths['/api/v1/media/{id}/{name}']!;
    expect(media.get!.security).toEqual([]);
    expect(Object.keys(media.get!.responses).sort()).toEqual(['200', '206', '304', '404', '416']);
    expect(media.head).toBeDefined();
  });
});
