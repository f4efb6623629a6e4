import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import type * as apiClientModule from './api-client';
import type * as appClientModule from './app-client';
import type * as trainingEndpointsModule from './contract/training-endpoints';
import { getSpeechTask, getTrainingStatus, listVoices } from './contract/endpoint-routes';
import type { voiceListResponseSchema } from './contract/voices';
import { z } from './contract/zod';
import type { CheckedSchema } from './lazy-module';

const real = vi.hoisted(() => ({
  loads: 0,
  /** What ran, in order, with `task` where a later task began. */
  steps: [] as string[],
  client: {
    call: vi.fn(),
    callChecked: vi.fn(),
    gatewayStatus: vi.fn(),
    listHistory: vi.fn(),
    historyEntry: vi.fn(),
    deleteHistoryEntry: vi.fn(),
    importHistory: vi.fn(),
  },
}));

// The real module (its endpoint lookup included), with a client that records what it is asked.
vi.mock('./app-client', async (importOriginal) => {
  real.loads++;
  return { ...(await importOriginal<typeof appClientModule>()), appClient: real.client };
});

let apiClient: typeof apiClientModule.apiClient;

const status = { params: { task_id: 't1' } };

/** Records which areas of the service's schemas are built, in order. */
function mockAreas() {
  const built: string[] = [];
  for (const area of ['voice', 'training', 'speech', 'generation', 'file', 'sandbox']) {
    vi.doMock(`./contract/${area}-endpoints`, async (importOriginal) => {
      built.push(area);
      return importOriginal();
    });
  }
  return built;
}

// Each test starts as a page does: nothing loaded yet.
beforeEach(async () => {
  vi.resetModules();
  real.loads = 0;
  real.steps = [];
  Object.values(real.client).forEach((method) => method.mockReset());
  ({ apiClient } = await import('./api-client'));
});

describe('apiClient', () => {
  it('loads the client with the first request, not before', async () => {
    expect(real.loads).toBe(0);
    real.client.call.mockResolvedValue({ data: { task_id: 't1' } });

    await apiClient.call(getTrainingStatus, status);
    await apiClient.call(getTrainingStatus, status);

    expect(real.loads).toBe(1);
    expect(real.client.call).toHaveBeenCalledTimes(2);
  });

  it('builds the schemas, loads the client and sends each waiting call in a task of its own', async () => {
    // Records a step, and `task` once the task it ran in is over.
    const markStep = (step: string) => {
      real.steps.push(step);
      setTimeout(() => real.steps.push('task'), 0);
    };
    vi.doMock('./contract/training-endpoints', async (importOriginal) => {
      const module = await importOriginal<typeof trainingEndpointsModule>();
      markStep('contract');
      return module;
    });
    vi.doMock('./app-client', async (importOriginal) => {
      real.loads++;
      const module = await importOriginal<typeof appClientModule>();
      markStep('client');
      return { ...module, appClient: real.client };
    });
    vi.resetModules();
    ({ apiClient } = await import('./api-client'));
    real.client.call.mockImplementation(async () => {
      const sent = real.client.call.mock.calls.length;
      // Whatever else this task still runs, it runs in these microtasks.
      for (let tick = 0; tick < 10; tick++) await Promise.resolve();
      real.steps.push(real.client.call.mock.calls.length === sent ? 'send' : 'send with others');
      return { data: { task_id: 't1' } };
    });

    await Promise.all([
      apiClient.call(getTrainingStatus, status),
      apiClient.call(getTrainingStatus, status),
    ]);

    // A phone answers a tap between two of them: none of it is one long task.
    expect(real.steps).toEqual(['contract', 'task', 'client', 'task', 'send', 'send']);
  });

  it('calls the full definition of the route, with the input and options as given', async () => {
    const answer = { data: { task_id: 't1', status: 'running' } };
    real.client.call.mockResolvedValue(answer);
    const controller = new AbortController();

    const result = await apiClient.call(
      getTrainingStatus,
      { params: { task_id: 't1' } },
      { signal: controller.signal, retries: 0 },
    );

    expect(result).toBe(answer);
    expect(real.client.call).toHaveBeenCalledTimes(1);
    const [definition, input, options] = real.client.call.mock.calls[0]!;
    // The route with its schemas, which the client checks the input and the answer against.
    expect(definition).toMatchObject({ ...getTrainingStatus, params: expect.anything() });
    expect(definition).toHaveProperty('response');
    expect(input).toEqual({ params: { task_id: 't1' } });
    expect(options).toEqual({ signal: controller.signal, retries: 0 });
  });

  it('passes the client’s ApiError on unchanged', async () => {
    const failure = new ApiError({ code: 'unauthorized', message: 'Bad key', status: 401 });
    real.client.call.mockRejectedValue(failure);

    await expect(apiClient.call(getTrainingStatus, status)).rejects.toBe(failure);
  });

  it('asks the gateway without building the service’s endpoint schemas', async () => {
    let built = false;
    vi.doMock('./contract/training-endpoints', async (importOriginal) => {
      built = true;
      return importOriginal<typeof trainingEndpointsModule>();
    });
    vi.resetModules();
    ({ apiClient } = await import('./api-client'));
    real.client.listHistory.mockResolvedValue({ entries: [], next_cursor: null });

    await apiClient.listHistory({ limit: 5 });
    expect(built).toBe(false);

    real.client.call.mockResolvedValue({ data: { task_id: 't1' } });
    await apiClient.call(getTrainingStatus, status);
    expect(built).toBe(true);
  });

  it('builds only the schemas of the area a call belongs to', async () => {
    const built = mockAreas();
    vi.resetModules();
    ({ apiClient } = await import('./api-client'));
    real.client.call.mockResolvedValue({ data: { task_id: 't1' } });

    await apiClient.call(getTrainingStatus, status);
    await apiClient.call(getTrainingStatus, status);
    expect(built).toEqual(['training']);

    await apiClient.call(getSpeechTask, { params: { task_id: 's1' } });
    expect(built).toEqual(['training', 'speech']);
  });

  it('lists the voice catalog by its hand checks, building no schema for an answer they pass', async () => {
    const built = mockAreas();
    vi.resetModules();
    ({ apiClient } = await import('./api-client'));
    const answer = { data: { voices: [], count: 0, scope: 'custom' } };
    real.client.callChecked.mockResolvedValue(answer);
    const controller = new AbortController();
    const input = { query: { scope: 'custom', language: 'fr' } } as const;

    await expect(apiClient.call(listVoices, input, { signal: controller.signal })).resolves.toBe(
      answer,
    );

    expect(real.client.call).not.toHaveBeenCalled();
    const [route, sent, checked, options] = real.client.callChecked.mock.calls[0]!;
    expect(route).toBe(listVoices);
    expect(sent).toBe(input);
    expect(options).toEqual({ signal: controller.signal });
    const check = checked as CheckedSchema<typeof voiceListResponseSchema>;
    expect(check.passes(answer)).toBe(true);
    const refused = { data: { voices: [{}], count: 1, scope: 'all' } };
    expect(check.passes(refused)).toBe(false);
    expect(built).toEqual([]);
    // Only an answer the check refuses asks for the schema, and with it the voice area.
    const schema = await check.load();
    expect(built).toEqual(['voice']);
    expect(z.safeParse(schema, refused).error?.issues[0]?.path).toEqual([
      'data',
      'voices',
      0,
      'voice_id',
    ]);
  });

  it('sends a voice catalog call its checks refuse by the schemas, which name the issue', async () => {
    const built = mockAreas();
    vi.resetModules();
    ({ apiClient } = await import('./api-client'));
    real.client.call.mockResolvedValue({ data: { voices: [], count: 0, scope: 'all' } });

    // Unknown to the check, so left to zod (which drops the key).
    await apiClient.call(listVoices, { query: { scope: 'all', page: 2 } as { scope: 'all' } });

    expect(real.client.callChecked).not.toHaveBeenCalled();
    expect(built).toEqual(['voice']);
    const [definition] = real.client.call.mock.calls[0]!;
    expect(definition).toMatchObject({ ...listVoices, query: expect.anything() });
  });

  it('hands the gateway’s own requests on', async () => {
    real.client.listHistory.mockResolvedValue({ entries: [], next_cursor: null });
    real.client.deleteHistoryEntry.mockResolvedValue(null);

    await expect(apiClient.listHistory({ limit: 5 })).resolves.toEqual({
      entries: [],
      next_cursor: null,
    });
    await apiClient.deleteHistoryEntry('h1');

    expect(real.client.listHistory).toHaveBeenCalledWith({ limit: 5 }, undefined);
    expect(real.client.deleteHistoryEntry).toHaveBeenCalledWith('h1', undefined);
  });
});
