import clsx from 'clsx';

interface ClippingLightProps {
  /** Clipping within the last second. */
  lit: boolean;
  /** Moments of clipping in this recording. */
  count: number;
  recording: boolean;
}

/**
 * Lights while the input reaches full scale. Screen readers hear it once per lighting (a
 * polite live region that empties when the light goes out), not on every reading.
 */
export function ClippingLight({ lit, count, recording }: ClippingLightProps) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <span
        aria-hidden
        className={clsx(
          'size-3 rounded-full border',
          lit
            ? 'border-red-700 bg-red-600 shadow-[0_0_8px] shadow-red-500'
            : 'border-zinc-400 bg-transparent dark:border-zinc-600',
        )}
      />
      <span className={clsx('font-medium', lit && 'text-red-700 dark:text-red-400')}>Clipping</span>
      {lit && (
        <span aria-hidden className="text-xs font-medium text-red-700 dark:text-red-400">
          too loud
        </span>
      )}
      {recording || count > 0 ? (
        <span className="text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
          {count === 0 ? 'none so far' : count === 1 ? 'once' : `${count} times`}
        </span>
      ) : null}
      <span aria-live="polite" className="sr-only">
        {lit ? 'Clipping: too loud. Move back from the microphone or turn its gain down.' : ''}
      </span>
    </div>
  );
}
