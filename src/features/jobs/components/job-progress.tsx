import clsx from 'clsx';

interface JobProgressProps {
  name: string;
  status: string;
  progress: number | undefined;
  currentStep: number | undefined;
  totalSteps: number | undefined;
  compact?: boolean;
}

/** A labelled progressbar: percent, and the step count when the service gives one. */
export function JobProgress({
  name,
  status,
  progress,
  currentStep,
  totalSteps,
  compact,
}: JobProgressProps) {
  const value = Math.min(100, Math.max(0, progress ?? 0));
  const steps =
    currentStep !== undefined && totalSteps !== undefined
      ? `step ${currentStep} of ${totalSteps}`
      : null;
  const text = steps ? `${value}% · ${steps}` : `${value}%`;
  return (
    <div className={clsx('flex items-center gap-3', compact ? 'min-w-32' : 'w-full')}>
      <div
        role="progressbar"
        aria-label={`Progress of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        {/* Slid in rather than widened: a transform animates off the main thread, and a
            board of running jobs has a bar moving at almost any moment. */}
        <div
          className={clsx(
            'h-full w-full rounded-full transition-transform duration-700 ease-out',
            status === 'failed'
              ? 'bg-red-500'
              : status === 'completed'
                ? 'bg-emerald-500'
                : 'bg-brand-500',
          )}
          style={{ transform: `translateX(${value - 100}%)` }}
        />
      </div>
      <span className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        {compact ? `${value}%` : text}
      </span>
    </div>
  );
}
