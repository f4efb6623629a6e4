import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { saveConnection } from '../../lib/connection-settings';
import { clearGenerations, listGenerations } from './history-store';
import { useGenerate, type Submission } from './queries';

const api = vi.hoisted(() => ({ call: vi.fn(), historyEntry: vi.fn() }));
vi.mock('../../api/api-client', () => ({ apiClient: api }));
const showHistoryEntry = vi.hoisted(() => vi.fn());
vi.mock('../../lib/server-history', () => ({ showHistoryEntry }));

const submission: Submission = {
  kind: 'image',
  form: { prompt: 'A fox', tool: 'auto', inputs: {}, advancedJson: '' },
  body: { prompt: 'A fox', tool: 'auto' },
  idempotencyKey: 'key-1',
};

function renderGenerate() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useGenerate(), { wrapper }).result;
}

beforeEach(async () => {
  await clearGenerations();
  api.call.mockReset();
  api.historyEntry.mockReset().mockResolvedValue({ id: 'gen_9' });
  showHistoryEntry.mockReset();
});

describe('useGenerate in gateway mode', () => {
  it('shows the result under the id the gateway records, and keeps nothing in this browser', async () => {
    api.call.mockResolvedValue({ data: { id: 'gen_9', outputs: [] }, trace_id: 'tr-9' });
    const entry = await renderGenerate().current.mutateAsync(submission);
    expect(entry).toMatchObject({
      id: 'gen_9',
      request: { prompt: 'A fox', tool: 'auto', idempotency_key: 'key-1' },
      outcome: { status: 'succeeded', traceId: 'tr-9' },
    });
    expect(await listGenerations()).toEqual([]);
    expect(showHistoryEntry).toHaveBeenCalledWith('gen_9');
  });

  it('names a result by its task id when it has no id, as the gateway does', async () => {
    api.call.mockResolvedValue({ data: { task_id: 'task_3', outputs: [] } });
    expect(await renderGenerate().current.mutateAsync(submission)).toMatchObject({ id: 'task_3' });
    expect(showHistoryEntry).toHaveBeenCalledWith('task_3');
  });

  it('asks nothing of the gateway for a result the service gave no id', async () => {
    api.call.mockResolvedValue({ data: { outputs: [] } });
    const entry = await renderGenerate().current.mutateAsync(submission);
    expect(entry.id).toBe('unsaved_key-1');
    expect(showHistoryEntry).not.toHaveBeenCalled();
  });

  it('keeps a refused request out of this browser too (the gateway records it)', async () => {
    api.call.mockRejectedValue(
      new ApiError({ code: 'invalid_request', message: 'no', status: 400 }),
    );
    await expect(renderGenerate().current.mutateAsync(submission)).rejects.toThrow('no');
    expect(await listGenerations()).toEqual([]);
  });
});

describe('useGenerate in direct mode', () => {
  beforeEach(() =>
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' }),
  );

  it('keeps each success and refusal in this browser', async () => {
    api.call.mockResolvedValueOnce({ data: { id: 'gen_9', outputs: [] } });
    const result = renderGenerate();
    await result.current.mutateAsync(submission);
    api.call.mockRejectedValueOnce(
      new ApiError({ code: 'invalid_request', message: 'no', status: 400 }),
    );
    await expect(result.current.mutateAsync(submission)).rejects.toThrow('no');
    const kept = await listGenerations();
    expect(kept.map((entry) => entry.outcome.status)).toEqual(['failed', 'succeeded']);
    expect(showHistoryEntry).not.toHaveBeenCalled();
  });
});
