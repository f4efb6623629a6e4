import clsx from 'clsx';
import { useId } from 'react';

/** The meter's floor: room noise and breaths sit below it, speech above. */
const floorDb = -60;
/** Peaks above this leave little headroom for a louder word. */
const hotDb = -6;

interface LevelMeterProps {
  /** Peak of the last moment, dBFS; null while no microphone is open. */
  peakDbfs: number | null;
  clipping: boolean;
}

/** The microphone's live peak level, for setting the distance and gain before and while recording. */
export function LevelMeter({ peakDbfs, clipping }: LevelMeterProps) {
  const labelId = useId();
  const open = peakDbfs !== null;
  const shown = open ? Math.max(floorDb, Math.min(0, Math.round(peakDbfs))) : floorDb;
  const fill = ((shown - floorDb) / -floorDb) * 100;
  const text = !open
    ? 'No microphone open'
    : peakDbfs === Number.NEGATIVE_INFINITY || peakDbfs < floorDb
      ? `Silence (below ${formatDb(floorDb)})`
      : `${formatDb(shown)} dBFS peak`;
  return (
    <div>
      <div className="flex items-baseline justify-between text-sm">
        <span id={labelId} className="font-medium">
          Input level
        </span>
        <span aria-hidden className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
          {open ? text : '—'}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={floorDb}
        aria-valuemax={0}
        aria-valuenow={shown}
        aria-valuetext={text}
        className="mt-1 h-3 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width] duration-75',
            clipping ? 'bg-red-600' : shown > hotDb ? 'bg-amber-500' : 'bg-emerald-500',
          )}
          style={{ width: `${fill}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Speak as you will in the clip: peaks around −12 dBFS are right; amber is close to the top.
      </p>
    </div>
  );
}

/** "−18" with a true minus sign, as the reports write levels. */
function formatDb(db: number): string {
  return db < 0 ? `−${Math.abs(db)}` : String(db);
}
