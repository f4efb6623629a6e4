import type { KeyboardEvent, PointerEvent } from 'react';

interface TrimSliderProps {
  label: string;
  /** Seconds. */
  value: number;
  min: number;
  max: number;
  /** The clip's length: the track spans it, whatever min and max are. */
  duration: number;
  valueText: string;
  /** The marked span of the track, as [from, to] in seconds (the region being kept). */
  span: readonly [number, number];
  /** Where the thumb is drawn, when not at `value` (the region's middle, for its position). */
  thumbAt?: number;
  /** Handles a key; returns false when the key is not one of the slider's. */
  onKey: (key: string, shiftKey: boolean) => boolean;
  /** A pointer on the track asks for this many seconds. */
  onPointerValue: (seconds: number) => void;
  disabled?: boolean;
}

/**
 * One handle of the trim region as a keyboard slider (arrows 0.1 s, Shift 1 s, Home/End), drawn
 * as a track over the clip's whole length with the kept span marked, so the three sliders line
 * up with the waveform above them.
 */
export function TrimSlider({
  label,
  value,
  min,
  max,
  duration,
  valueText,
  span,
  thumbAt = value,
  onKey,
  onPointerValue,
  disabled,
}: TrimSliderProps) {
  const ratio = (seconds: number) => (duration > 0 ? (seconds / duration) * 100 : 0);

  function fromPointer(event: PointerEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (disabled || duration <= 0 || rect.width <= 0) return;
    const share = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    onPointerValue(share * duration);
  }

  function fromKey(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled) return;
    if (onKey(event.key, event.shiftKey)) event.preventDefault();
  }

  return (
    <div>
      <span className="text-xs">
        <span className="font-medium">{label}</span>{' '}
        <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{valueText}</span>
      </span>
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
        aria-disabled={disabled || undefined}
        onKeyDown={fromKey}
        onPointerDown={(event) => event.button === 0 && fromPointer(event)}
        onPointerMove={(event) => event.buttons === 1 && fromPointer(event)}
        className="relative h-5 cursor-pointer touch-none rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 max-md:h-11"
      >
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-zinc-200 dark:bg-zinc-700" />
        <div
          className="absolute top-1/2 h-1 -translate-y-1/2 rounded-full bg-brand-500/60"
          style={{ left: `${ratio(span[0])}%`, width: `${ratio(span[1]) - ratio(span[0])}%` }}
        />
        <div
          aria-hidden="true"
          className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-600 shadow dark:border-zinc-900"
          style={{ left: `${ratio(thumbAt)}%` }}
        />
      </div>
    </div>
  );
}
