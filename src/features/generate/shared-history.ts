import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { removeHistoryEntry, useServerHistory } from '../../lib/server-history';
import { cachedGenerationFromHistory } from './generation-from-history';
import type { GenerationKind } from './generation-request';
import type { GenerationEntry } from './history-store';

/**
 * Gateway mode: the generations of everyone on this gateway, newest first, live (any browser,
 * or a client such as curl, adds to it without a reload).
 */
export function useSharedGenerations(kind: GenerationKind) {
  const { entries, loaded, error, warning } = useServerHistory('generation');
  const generations = useMemo<GenerationEntry[]>(
    () => entries.filter((entry) => entry.kind === kind).map(cachedGenerationFromHistory),
    [entries, kind],
  );
  return { entries: generations, loaded, error, warning };
}

/** Removes a generation from the gateway's history, for everyone; the service keeps the files. */
export function useRemoveSharedGeneration() {
  return useMutation({ mutationFn: (id: string) => removeHistoryEntry(id) });
}
