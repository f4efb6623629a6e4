import { useEffect, useEffectEvent, useState } from 'react';
import { peakDbfs, watchInputLevel, windowMs, type LevelReading } from './input-level';

export interface InputLevel {
  /** The last window's peak, dBFS (-Infinity: silence; null: no microphone open). */
  peakDbfs: number | null;
  /** Clipping was seen within the last `clipHoldMs`. */
  clipping: boolean;
  /** Windows with clipping in the current recording. */
  clipCount: number;
}

/** A clip of a few milliseconds would flash unseen: the light stays on long enough to notice. */
export const clipHoldMs = 1000;
/**
 * The meter rises at once and falls 15 dB a second, like a studio peak meter: raw window peaks
 * jump between syllables and pauses too fast to read.
 */
const fallPerReading = 10 ** (-(15 * (windowMs / 1000)) / 20);

interface Seen {
  stream: MediaStream;
  peak: number;
  at: number;
  lastClipAt: number | null;
}

/**
 * The live level of `stream` for the meter and the clipping light. Clips are counted per
 * recording (`recordingSince`, its start); before one starts the light still shows them, so
 * the level can be set first.
 */
export function useInputLevel(
  stream: MediaStream | null,
  recordingSince: number | null,
): InputLevel {
  const [seen, setSeen] = useState<Seen | null>(null);
  const [clips, setClips] = useState({ since: null as number | null, count: 0 });

  const onReading = useEffectEvent((source: MediaStream, reading: LevelReading) => {
    const at = performance.now();
    setSeen((last) => ({
      stream: source,
      peak:
        last?.stream === source ? Math.max(reading.peak, last.peak * fallPerReading) : reading.peak,
      at,
      lastClipAt: reading.clipped ? at : last?.stream === source ? last.lastClipAt : null,
    }));
    if (reading.clipped && recordingSince !== null)
      setClips((last) => ({
        since: recordingSince,
        count: last.since === recordingSince ? last.count + 1 : 1,
      }));
  });

  useEffect(() => {
    if (!stream) return;
    return watchInputLevel(stream, (reading) => onReading(stream, reading));
  }, [stream]);

  const current = seen && seen.stream === stream ? seen : null;
  return {
    peakDbfs: current ? peakDbfs(current.peak) : null,
    // Readings come every `windowMs`, so `at` is fresh enough to put the light out on time.
    clipping:
      current?.lastClipAt != null && current.at - current.lastClipAt < clipHoldMs + windowMs / 2,
    clipCount: recordingSince !== null && clips.since === recordingSince ? clips.count : 0,
  };
}
