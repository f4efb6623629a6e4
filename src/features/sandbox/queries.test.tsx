import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveConnection } from '../../lib/connection-settings';
import { useCreateSandbox } from './queries';
import { clearSessions, listSessions } from './sessions-store';

const api = vi.hoisted(() => ({ call: vi.fn(), historyEntry: vi.fn() }));
vi.mock('../../api/api-client', () => ({ apiClient: api }));
const showHistoryEntry = vi.hoisted(() => vi.fn());
vi.mock('../../lib/server-history', () => ({ showHistoryEntry }));

function renderCreate() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCreateSandbox(), { wrapper }).result;
}

const created = {
  data: {
    sandbox_id: 'sbx_9',
    status: 'ready',
    language: 'python',
    created_at: '2026-01-02T10:00:00.000Z',
  },
};

beforeEach(async () => {
  await clearSessions();
  api.call.mockReset().mockResolvedValue(created);
  api.historyEntry.mockReset().mockResolvedValue({ id: 'sbx_9' });
  showHistoryEntry.mockReset();
});

describe('useCreateSandbox', () => {
  it('in gateway mode, lists the new sandbox from the gateway and keeps nothing here', async () => {
    const session = await renderCreate().current.mutateAsync({
      language: 'python',
      packages: ['numpy'],
    });
    expect(session).toMatchObject({ sandbox_id: 'sbx_9', packages: ['numpy'] });
    expect(await listSessions()).toEqual([]);
    expect(showHistoryEntry).toHaveBeenCalledWith('sbx_9');
  });

  it('in direct mode, keeps it in this browser', async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await renderCreate().current.mutateAsync({ language: 'python', packages: [] });
    expect((await listSessions()).map((session) => session.sandbox_id)).toEqual(['sbx_9']);
    expect(showHistoryEntry).not.toHaveBeenCalled();
  });
});
