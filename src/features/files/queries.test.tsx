import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../api/api-client';
import { saveConnection } from '../../lib/connection-settings';
import { useUploadFile } from './queries';
import { listUploads, removeUpload } from './uploads-store';

vi.mock('../../api/upload', () => ({
  uploadFileWithProgress: vi.fn(({ filename }: { filename: string }) =>
    Promise.resolve({
      file_id: `file_${filename}`,
      filename,
      size: 3,
      purpose: 'general',
      created_at: '2026-03-01T10:00:00.000Z',
    }),
  ),
}));

function upload(name: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useUploadFile(), { wrapper });
  return result.current.mutateAsync({
    file: new File(['abc'], name, { type: 'text/plain' }),
    purpose: 'general',
    onProgress: () => {},
    signal: new AbortController().signal,
  });
}

describe('useUploadFile', () => {
  beforeEach(async () => {
    for (const kept of await listUploads()) await removeUpload(kept.file_id);
  });

  it('behind the gateway, keeps nothing in this browser: the gateway lists the upload', async () => {
    const read = vi.spyOn(apiClient, 'historyEntry').mockRejectedValue(new Error('offline'));
    await expect(upload('a.txt')).resolves.toMatchObject({ file_id: 'file_a.txt' });
    expect(read).toHaveBeenCalledWith('file_a.txt');
    expect(await listUploads()).toEqual([]);
    read.mockRestore();
  });

  it('directly, keeps the upload in this browser', async () => {
    saveConnection({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'test-key' });
    await upload('b.txt');
    expect((await listUploads()).map((kept) => kept.file_id)).toEqual(['file_b.txt']);
  });
});
