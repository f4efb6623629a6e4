import { useQuery } from '@tanstack/react-query';
import { speechQueries } from '../queries';
import { matchingGains, type Side, type TakeGains } from './compare-model';
import type { ComparedTake } from './compared-take';

export interface CompareLoudness {
  /** LUFS per take, once measured. */
  loudness: Record<Side, number | undefined>;
  measuring: boolean;
  /** The first failure, when a take could not be downloaded or measured. */
  error: Error | null;
  /** Null until both are measured, or when one is silent. */
  gains: TakeGains | null;
}

export interface CompareAudio extends CompareLoudness {
  /**
   * What each <audio> element plays: the downloaded bytes, or (when they could not be
   * downloaded, e.g. a cross-origin URL without CORS headers) the take's own URL; null while
   * downloading.
   */
  sources: Record<Side, Blob | string | null>;
}

/** Both takes' bytes and measured loudness, and the gains that match them. */
export function useCompareAudio(takes: Record<Side, ComparedTake>): CompareAudio {
  const bytesA = useQuery(speechQueries.takeAudio(takes.A.id, takes.A.audio));
  const bytesB = useQuery(speechQueries.takeAudio(takes.B.id, takes.B.audio));
  const a = useQuery(speechQueries.takeLoudness(takes.A.id, bytesA.data));
  const b = useQuery(speechQueries.takeLoudness(takes.B.id, bytesB.data));
  const source = (bytes: typeof bytesA, take: ComparedTake) =>
    bytes.data ?? (bytes.isError ? take.audio : null);
  return {
    sources: { A: source(bytesA, takes.A), B: source(bytesB, takes.B) },
    loudness: { A: a.data, B: b.data },
    measuring: (!bytesA.isError && a.isPending) || (!bytesB.isError && b.isPending),
    error: bytesA.error ?? bytesB.error ?? a.error ?? b.error,
    gains: a.data !== undefined && b.data !== undefined ? matchingGains(a.data, b.data) : null,
  };
}
