import { useQuery } from '@tanstack/react-query';
import { speechQueries } from '../queries';
import { matchingGains, type Side, type TakeGains } from './compare-model';
import type { ComparedTake } from './compared-take';

export interface CompareLoudness {
  /** LUFS per take, once measured. */
  loudness: Record<Side, number | undefined>;
  measuring: boolean;
  /** The first failure, when a take could not be measured. */
  error: Error | null;
  /** Null until both are measured, or when one is silent. */
  gains: TakeGains | null;
}

/** Both takes' measured loudness, and the gains that match them. */
export function useCompareLoudness(takes: Record<Side, ComparedTake>): CompareLoudness {
  const a = useQuery(speechQueries.takeLoudness(takes.A.id, takes.A.audio));
  const b = useQuery(speechQueries.takeLoudness(takes.B.id, takes.B.audio));
  return {
    loudness: { A: a.data, B: b.data },
    measuring: a.isPending || b.isPending,
    error: a.error ?? b.error,
    gains: a.data !== undefined && b.data !== undefined ? matchingGains(a.data, b.data) : null,
  };
}
