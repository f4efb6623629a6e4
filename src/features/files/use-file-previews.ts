import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import type { PreviewState } from './components/file-preview';
import { fileQueries } from './queries';

/** Previews load on demand: nothing is fetched for a file until its preview is opened. */
export function useFilePreviews() {
  const [openPreviews, setOpenPreviews] = useState<string[]>([]);
  const details = useQueries({ queries: openPreviews.map((id) => fileQueries.detail(id)) });

  const previews: Record<string, PreviewState> = {};
  openPreviews.forEach((id, index) => {
    const detail = details[index]!;
    previews[id] = {
      file: detail.data,
      error: detail.error,
      loading: detail.isPending,
      retry: () => void detail.refetch(),
    };
  });

  return {
    previews,
    toggle: (id: string) =>
      setOpenPreviews((open) => (open.includes(id) ? open.filter((o) => o !== id) : [...open, id])),
    close: (id: string) => setOpenPreviews((open) => open.filter((o) => o !== id)),
  };
}
