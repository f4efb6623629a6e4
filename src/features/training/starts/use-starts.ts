import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listStarts, onStartsChange } from './start-store';

export const startQueries = {
  all: () =>
    queryOptions({
      queryKey: ['training', 'starts'] as const,
      queryFn: listStarts,
      staleTime: Infinity,
      retry: false,
    }),
};

/** The kept starts, read again whenever one changes in this tab or another. */
export function useStarts() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onStartsChange(
        () => void queryClient.invalidateQueries({ queryKey: startQueries.all().queryKey }),
      ),
    [queryClient],
  );
  return useQuery(startQueries.all());
}

/** A form tells the page which start it shows (null: none), so the page does not list it too. */
export type ShowStart = (id: string | null) => void;
