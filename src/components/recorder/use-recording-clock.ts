import { useEffect, useEffectEvent, useState } from 'react';

/** Past this a take is far over any recommendation: stop before it fills memory. */
export const maxRecordingS = 60;

/**
 * Seconds since `startedAt` (performance.now(); null while not recording), ticking a few times a
 * second; `onLimit` is called once `maxRecordingS` is reached.
 */
export function useRecordingClock(startedAt: number | null, onLimit: () => void): number {
  const [elapsed, setElapsed] = useState({ since: null as number | null, seconds: 0 });
  const limit = useEffectEvent(onLimit);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsed({ since: startedAt, seconds });
      if (seconds >= maxRecordingS) limit();
    }, 200);
    return () => clearInterval(timer);
  }, [startedAt]);

  return elapsed.since === startedAt ? elapsed.seconds : 0;
}
