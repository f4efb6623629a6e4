import { useCallback, useState } from 'react';
import type { Voice } from '../../api/contract/voices';
import type { CompareSide } from './components/compare-panel';
import { useSpeakLine } from './queries';

/** Compare holds two voices: enough to choose between, few enough to hear one after the other. */
export const maxCompared = 2;

/**
 * The voices picked for comparison and one speech mutation per slot. A slot's result is shown
 * only while it belongs to the voice now in that slot, so removing a voice never mislabels audio.
 */
export function useCompare() {
  const [voices, setVoices] = useState<Voice[]>([]);
  const first = useSpeakLine();
  const second = useSpeakLine();
  const slots = [first, second];

  const toggle = useCallback((voice: Voice) => {
    setVoices((current) =>
      current.some((v) => v.voice_id === voice.voice_id)
        ? current.filter((v) => v.voice_id !== voice.voice_id)
        : current.length < maxCompared
          ? [...current, voice]
          : current,
    );
  }, []);

  const remove = useCallback((voiceId: string) => {
    setVoices((current) => current.filter((v) => v.voice_id !== voiceId));
  }, []);

  const sides: CompareSide[] = voices.map((voice, index) => {
    const slot = slots[index]!;
    const mine = slot.variables?.voiceId === voice.voice_id;
    return {
      voice,
      pending: mine && slot.isPending,
      error: mine ? slot.error : null,
      result: mine ? slot.data : undefined,
      resultKey: slot.submittedAt,
      onRetry: () => slot.variables && slot.mutate(slot.variables),
    };
  });

  return {
    ids: voices.map((voice) => voice.voice_id),
    sides,
    toggle,
    remove,
    clear: () => setVoices([]),
    speak: (text: string) =>
      voices.forEach((voice, index) => slots[index]!.mutate({ voiceId: voice.voice_id, text })),
  };
}
