import 'fake-indexeddb/auto';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listTrackedJobs, type TrackedJob } from '../../lib/tracked-jobs';
import { replaceTrackedJobs } from '../../lib/tracked-jobs-writes';
import { JobWatcher } from './job-watcher';
import { inDirectMode } from '../../test/direct-mode';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../api/api-client', () => ({ apiClient: { call } }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast }));

const job = (task_id: string, status: string, progress: number): TrackedJob => ({
  task_id,
  kind: 'voice',
  name: `voice_${task_id}`,
  created_at: '2026-01-01T00:00:00.000Z',
  snapshots: [{ at: '2026-01-01T00:00:01.000Z', status, progress }],
});

function body(task_id: string, status: string, progress: number) {
  return { data: { task_id, name: `voice_${task_id}`, status, progress } };
}

/** Retries with the real setTimeout: testing-library's waitFor polls with the faked setInterval. */
async function waitFor(check: () => unknown | Promise<unknown>) {
  for (let i = 0; ; i++) {
    try {
      return await check();
    } catch (error) {
      if (i > 200) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

function renderWatcher() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <JobWatcher onOpen={() => {}} />
    </QueryClientProvider>,
  );
  return client;
}

inDirectMode();

describe('JobWatcher', () => {
  beforeEach(() => {
    // Only the poll timers are faked: IndexedDB and React keep their own scheduling.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    call.mockReset();
    toast.success.mockReset();
    toast.error.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('creates no query for jobs already terminal, and never toasts for them', async () => {
    await replaceTrackedJobs([job('done', 'completed', 100), job('live', 'running', 10)]);
    call.mockImplementation(async (_endpoint, input: { params: { task_id: string } }) =>
      body(input.params.task_id, 'running', 20),
    );
    const client = renderWatcher();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));
    expect(call.mock.calls[0]?.[1]).toEqual({ params: { task_id: 'live' } });
    expect(client.getQueryCache().find({ queryKey: ['jobs', 'status', 'done'] })).toBeUndefined();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('records each reading, stops after a terminal one, and toasts the transition once', async () => {
    await replaceTrackedJobs([job('r1', 'running', 10)]);
    call.mockResolvedValueOnce(body('r1', 'running', 60));
    call.mockResolvedValueOnce(body('r1', 'completed', 100));
    renderWatcher();
    await waitFor(async () =>
      expect((await listTrackedJobs())[0]?.snapshots.at(-1)?.progress).toBe(60),
    );
    expect(toast.success).not.toHaveBeenCalled();

    // Running: the next poll comes 2 s after the last one started (the answer was instant).
    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(call).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(toast.success.mock.calls[0]?.[0]).toBe('Voice voice_r1 completed');
    expect((await listTrackedJobs())[0]?.snapshots.map((s) => s.status)).toEqual([
      'running',
      'running',
      'completed',
    ]);

    // Terminal: never polled again.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('stops polling while the tab is hidden and catches up when it comes back', async () => {
    await replaceTrackedJobs([job('h1', 'running', 10)]);
    call.mockImplementation(async () => body('h1', 'running', 30));
    renderWatcher();
    await waitFor(() => expect(call).toHaveBeenCalledTimes(1));

    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(call).toHaveBeenCalledTimes(1);

    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    focusManager.setFocused(undefined);
  });

  it('marks a job unknown on 404 and stops polling it', async () => {
    const { ApiError } = await import('../../api/api-error');
    await replaceTrackedJobs([job('gone', 'queued', 0)]);
    call.mockRejectedValue(new ApiError({ code: 'not_found', message: 'nope', status: 404 }));
    renderWatcher();
    await waitFor(async () =>
      expect((await listTrackedJobs())[0]?.snapshots.at(-1)?.status).toBe('unknown'),
    );
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(call).toHaveBeenCalledTimes(1);
  });
});
