import { afterEach, describe, expect, it } from 'vitest';
import { buildPath, type EndpointDef } from '../../../src/api/contract/endpoint';
import {
  endpoints,
  getFile,
  getTrainingStatus,
  listVoices,
  synthesizeSpeech,
  uploadFile,
} from '../../../src/api/contract/endpoints';
import type { RouteModule } from '../route-module';
import {
  createTestEmulator,
  headers,
  testKey,
  type TestEmulator,
} from '../test-support/test-emulator';
import { hashKey } from '../principal';
import { registeredEndpointIds, registerEndpoint } from './endpoint-route';

const emulators: TestEmulator[] = [];
function emulator(routes?: RouteModule[]) {
  const emu = createTestEmulator({}, routes ? { routes } : {});
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

/** A request to an endpoint with placeholder params and an empty JSON body where it takes one. */
function call(emu: TestEmulator, endpoint: EndpointDef, stack: string | null) {
  const path = buildPath(endpoint.path, { task_id: 'task_x', file_id: 'file_x' });
  return emu.request(`/api${path}`, {
    method: endpoint.method,
    headers: headers({ stack, json: endpoint.method === 'POST' }),
    ...(endpoint.method === 'POST' ? { body: '{}' } : {}),
  });
}

const stackMessage = (endpoint: EndpointDef) =>
  `X-Stack-Id header is required on ${endpoint.method} /api${endpoint.path}.`;

const registry: readonly EndpointDef[] = endpoints;

/** Registers every JSON endpoint of the registry with a handler that answers 299 when reached. */
const stubEverything: RouteModule = (app) => {
  for (const endpoint of registry) {
    if (endpoint.bodyEncoding === 'multipart') continue;
    registerEndpoint(app, endpoint, () => new Response('reached', { status: 299 }));
  }
};

describe('X-Stack-Id', () => {
  it('is required exactly on the endpoints whose contract says so (whole registry, stubbed)', async () => {
    const emu = emulator([stubEverything]);
    for (const endpoint of registry) {
      if (endpoint.bodyEncoding === 'multipart') continue;
      const res = await call(emu, endpoint, null);
      const text = await res.text();
      if (endpoint.stackId === 'required') {
        expect(res.status, endpoint.id).toBe(400);
        expect(JSON.parse(text), endpoint.id).toEqual({
          error: { code: 'invalid_request', message: stackMessage(endpoint) },
        });
        expect(res.headers.get('x-trace-id')).toBeTruthy();
      } else {
        expect(text, endpoint.id).not.toContain('X-Stack-Id');
      }
      const withStack = await call(emu, endpoint, 'stack-a');
      expect(await withStack.text(), endpoint.id).not.toContain('X-Stack-Id');
    }
  });

  it('is required on every real route registered so far, and unregistered ones are 404', async () => {
    const emu = emulator();
    const registered = registeredEndpointIds(emu.app);
    expect(registered.has(uploadFile.id) && registered.has(getFile.id)).toBe(true);
    for (const endpoint of endpoints) {
      const res = await call(emu, endpoint, null);
      const body = (await res.json()) as { error?: { code: string; message: string } };
      if (!registered.has(endpoint.id)) {
        expect(res.status, endpoint.id).toBe(404);
      } else if (endpoint.stackId === 'required') {
        expect(body.error, endpoint.id).toEqual({
          code: 'invalid_request',
          message: stackMessage(endpoint),
        });
      } else {
        expect(body.error?.message ?? '', endpoint.id).not.toContain('X-Stack-Id');
      }
    }
  });

  it('refuses a malformed value', async () => {
    const emu = emulator();
    const res = await emu.request('/api/v1/files/file_x', {
      headers: { ...headers(), 'x-stack-id': 'has space' },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('X-Stack-Id must be printable ASCII');
  });
});

describe('registerEndpoint', () => {
  const echo: RouteModule = (app) => {
    registerEndpoint(app, synthesizeSpeech, ({ body, principal }) =>
      Response.json({ body, principal }),
    );
    registerEndpoint(app, listVoices, ({ query }) => Response.json({ query }));
    registerEndpoint(app, getTrainingStatus, ({ params, traceId, origin }) =>
      Response.json({ params, traceId, origin }),
    );
    // Breaks its own contract on purpose.
    registerEndpoint(app, getFile, () => ({ data: { nope: 1 } }) as never);
  };

  it('gives the handler parsed values with defaults, and the principal', async () => {
    const emu = emulator([echo]);
    const res = await emu.request('/api/v1/t2a', {
      method: 'POST',
      headers: headers({ json: true }),
      body: JSON.stringify({ text: 'hi', extra: 'ignored' }),
    });
    expect(await res.json()).toEqual({
      body: { text: 'hi', voice_id: 'default', format: 'mp3', sample_rate: 44100, speed: 1 },
      principal: { keyHash: hashKey(testKey), stackId: 'stack-a' },
    });
    const query = await emu.request('/api/v1/voice/list?language=en', { headers: headers() });
    expect(await query.json()).toEqual({ query: { scope: 'all', language: 'en' } });
    const status = await emu.request('/api/v1/training/status/a%20b', {
      headers: {
        ...headers(),
        'x-forwarded-host': 'studio.test:8787',
        'x-forwarded-proto': 'https',
      },
    });
    expect(await status.json()).toMatchObject({
      params: { task_id: 'a b' },
      traceId: status.headers.get('x-trace-id'),
      origin: 'https://studio.test:8787',
    });
  });

  it('reports every invalid field in one message naming the field, the rule and the value', async () => {
    const emu = emulator([echo]);
    const res = await emu.request('/api/v1/t2a', {
      method: 'POST',
      headers: headers({ json: true }),
      body: JSON.stringify({ speed: 2.5, format: 'flac', sample_rate: 44100.5 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_request',
        message:
          'text: is required; format: must be one of mp3, wav, ogg (got "flac"); ' +
          'sample_rate: must be a whole number of Hz (got 44100.5); ' +
          'speed: must be between 0.5 and 2.0 (got 2.5)',
      },
    });
    const query = await emu.request('/api/v1/voice/list?scope=bogus', { headers: headers() });
    expect(((await query.json()) as { error: { message: string } }).error.message).toBe(
      'scope: must be one of generic, custom, celebrity, all (got "bogus")',
    );
    const array = await emu.request('/api/v1/t2a', {
      method: 'POST',
      headers: headers({ json: true }),
      body: '[]',
    });
    expect(((await array.json()) as { error: { message: string } }).error.message).toMatch(
      /^body: invalid input: expected object, received array/,
    );
  });

  it('answers 500 when a handler breaks the response contract, and logs why', async () => {
    const emu = emulator([echo]);
    const res = await emu.request('/api/v1/files/f1', { headers: headers() });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      error: { code: 'request_failed', message: 'The emulator could not complete the request.' },
    });
    expect(emu.logger.lines.join('\n')).toContain('response to files.get breaks the contract');
  });

  it('sends what the handler returned unchecked when the app skips response checks', async () => {
    const emu = createTestEmulator({}, { routes: [echo], checkResponses: false });
    emulators.push(emu);
    const res = await emu.request('/api/v1/files/f1', { headers: headers() });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { nope: 1 } });
  });

  it('refuses multipart endpoints and double registration', () => {
    expect(() =>
      emulator([(app) => registerEndpoint(app, uploadFile, () => ({}) as never)]),
    ).toThrow(/files.upload is multipart/);
    const twice: RouteModule = (app) => {
      registerEndpoint(app, listVoices, () => new Response());
      registerEndpoint(app, listVoices, () => new Response());
    };
    expect(() => emulator([twice])).toThrow(/registered twice/);
  });
});
