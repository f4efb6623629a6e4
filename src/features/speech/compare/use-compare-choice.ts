import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SpeechTake } from '../speech-take';
import { toggleCompareChoice, type Side } from './compare-model';
import { comparedTake, type ComparedTake } from './compared-take';

export interface CompareChoice {
  /** Ids ticked, oldest first (take A). */
  chosen: readonly string[];
  toggle: (id: string) => void;
  clear: () => void;
  /** Both takes, once two playable ones are chosen. */
  pair: Record<Side, ComparedTake> | null;
}

/**
 * Which takes of the history are being compared. A take deleted from the history (here or,
 * in the shared history, by someone else) drops out of the choice by itself.
 */
export function useCompareChoice(
  takes: readonly SpeechTake[],
  voiceNames: ReadonlyMap<string, string>,
): CompareChoice {
  const [ticked, setTicked] = useState<string[]>([]);
  const byId = useMemo(() => new Map(takes.map((take) => [take.id, take])), [takes]);
  const chosen = useMemo(() => ticked.filter((id) => byId.has(id)), [ticked, byId]);
  // Read through a ref so toggle stays the same function and memoized rows keep skipping renders.
  const known = useRef(byId);
  useEffect(() => {
    known.current = byId;
  }, [byId]);
  const toggle = useCallback(
    (id: string) =>
      setTicked((previous) =>
        toggleCompareChoice(
          previous.filter((other) => known.current.has(other)),
          id,
        ),
      ),
    [],
  );
  const clear = useCallback(() => setTicked([]), []);
  const pair = useMemo(() => {
    const [a, b] = chosen.map((id) => {
      const take = byId.get(id);
      return take ? comparedTake(take, voiceNames.get(take.voiceId)) : null;
    });
    return a && b ? { A: a, B: b } : null;
  }, [chosen, byId, voiceNames]);
  return { chosen, toggle, clear, pair };
}
