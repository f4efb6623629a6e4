import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveConnection } from '../../lib/connection-settings';
import { clearHistory, listHistory, type NewHistoryEntry } from './history-store';
import { useAddToHistory } from './queries';

const take: NewHistoryEntry = {
  settings: {
    text: 'Kept?',
    voice_id: 'en_aria',
    speed: 1,
    format: 'mp3',
    sample_rate: 44100,
    mode: 'async',
  },
  audio: null,
  audioUrl: '/media/t.mp3',
  format: 'mp3',
  info: {},
  traceId: null,
};

function addTake() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useAddToHistory(), { wrapper });
  return result.current.mutateAsync(take);
}

describe('useAddToHistory', () => {
  beforeEach(() => clearHistory());

  it('keeps nothing in this browser behind the gateway, which records every take itself', async () => {
    await addTake();
    expect(await listHistory()).toEqual([]);
  });

  it('keeps the take in this browser in direct mode', async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await addTake();
    expect((await listHistory()).map((entry) => entry.settings.text)).toEqual(['Kept?']);
  });
});
