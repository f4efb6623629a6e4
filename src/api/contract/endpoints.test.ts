import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildPath, type EndpointInput } from './endpoint';
import { endpoints, uploadFile } from './endpoints';
import type { createSandbox, getTrainingStatus, listVoices } from './endpoints';

const key = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

// From the spec's Endpoints section, plus the two routes docs/api-decisions.md adds.
const specEndpoints = [
  'POST /v1/video/generate',
  'POST /v1/image/generate',
  'POST /v1/training/voice',
  'GET /v1/voice/list',
  'POST /v1/voice/extend',
  'POST /v1/training/lora/music',
  'POST /v1/training/lora/video',
  'GET /v1/training/status/{task_id}',
  'POST /v1/t2a',
  'POST /v1/t2a/async',
  'POST /v1/code/sandbox',
  'POST /v1/files/upload',
];
const decidedEndpoints = ['GET /v1/t2a/async/{task_id}', 'GET /v1/files/{file_id}'];

// The spec's Authentication section, item 2.
const stackIdRequired = [
  'POST /v1/video/generate',
  'POST /v1/image/generate',
  'POST /v1/training/voice',
  'GET /v1/voice/list',
  'POST /v1/voice/extend',
  'POST /v1/training/lora/music',
  'POST /v1/training/lora/video',
  'POST /v1/t2a',
  'GET /v1/training/status/{task_id}',
];

describe('endpoint registry', () => {
  it('has every endpoint of the spec and the decided ones, nothing else', () => {
    expect(endpoints.map(key).sort()).toEqual([...specEndpoints, ...decidedEndpoints].sort());
  });

  it('has unique ids and unique method + path pairs', () => {
    expect(new Set(endpoints.map((endpoint) => endpoint.id)).size).toBe(endpoints.length);
    expect(new Set(endpoints.map(key)).size).toBe(endpoints.length);
  });

  it('requires X-Stack-Id exactly where the spec does', () => {
    const required = endpoints.filter((endpoint) => endpoint.stackId === 'required').map(key);
    expect(required.sort()).toEqual([...stackIdRequired].sort());
    for (const endpoint of endpoints) {
      expect(['required', 'unspecified']).toContain(endpoint.stackId);
    }
  });

  it('declares a params schema whose keys are exactly the path’s {params}', () => {
    for (const endpoint of endpoints) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const params = 'params' in endpoint ? endpoint.params : undefined;
      const declared =
        params instanceof z.core.$ZodObject ? Object.keys(params._zod.def.shape) : [];
      expect(declared, endpoint.id).toEqual(inPath);
    }
  });

  it('gives POST endpoints a body and GET endpoints none; only upload is multipart', () => {
    for (const endpoint of endpoints) {
      expect('body' in endpoint, endpoint.id).toBe(endpoint.method === 'POST');
      const encoding = 'bodyEncoding' in endpoint ? endpoint.bodyEncoding : 'json';
      expect(encoding, endpoint.id).toBe(endpoint.id === 'files.upload' ? 'multipart' : 'json');
    }
  });

  it('converts every schema to JSON Schema for the OpenAPI document', () => {
    // A Blob has no JSON Schema: the generator passes unrepresentable 'any' and the upload
    // field carries its OpenAPI form in metadata.
    const options = { unrepresentable: 'any' } as const;
    for (const endpoint of endpoints) {
      const parts = { params: undefined, query: undefined, body: undefined, ...endpoint };
      for (const [part, schema] of Object.entries({
        params: parts.params,
        query: parts.query,
        body: parts.body,
      })) {
        if (!schema) continue;
        expect(
          () => z.toJSONSchema(schema, { ...options, io: 'input' }),
          `${endpoint.id} ${part}`,
        ).not.toThrow();
      }
      expect(
        () => z.toJSONSchema(endpoint.response, { ...options, io: 'output' }),
        endpoint.id,
      ).not.toThrow();
    }
    const upload = z.toJSONSchema(uploadFile.body, { ...options, io: 'input' });
    expect(upload.properties?.file).toEqual({ type: 'string', format: 'binary' });
  });
});

describe('EndpointInput', () => {
  it('lets a caller omit a query made only of optional fields, but not a required body', () => {
    const list: EndpointInput<typeof listVoices> = {};
    const status: EndpointInput<typeof getTrainingStatus> = { params: { task_id: 'tr_1' } };
    // @ts-expect-error the sandbox body (language) is required
    const sandbox: EndpointInput<typeof createSandbox> = {};
    expect([list, status, sandbox]).toHaveLength(3);
  });
});

describe('buildPath', () => {
  it('fills and percent-encodes path parameters', () => {
    expect(buildPath('/v1/training/status/{task_id}', { task_id: 'a b/c?d' })).toBe(
      '/v1/training/status/a%20b%2Fc%3Fd',
    );
    expect(buildPath('/v1/files/{file_id}', { file_id: 42 })).toBe('/v1/files/42');
    expect(buildPath('/v1/voice/list', undefined)).toBe('/v1/voice/list');
  });

  it('refuses missing, empty and dot-segment values', () => {
    expect(() => buildPath('/v1/files/{file_id}', {})).toThrow('Missing path parameter "file_id"');
    expect(() => buildPath('/v1/files/{file_id}', { file_id: '' })).toThrow(
      'Missing path parameter',
    );
    expect(() => buildPath('/v1/files/{file_id}', { file_id: '..' })).toThrow('cannot be ".."');
    expect(() => buildPath('/v1/files/{file_id}', { file_id: '.' })).toThrow('cannot be "."');
  });
});
