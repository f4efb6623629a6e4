import type { Ref } from 'react';
import { clipTrimmer } from './clip-check-loaders';

/** The button that opens a clip's trimmer: "Trim Recording 2.wav". */
export function TrimButton({
  name,
  onClick,
  disabled,
  ref,
}: {
  name: string;
  onClick: () => void;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      // The trimmer's code (and wavesurfer's regions) loads as the pointer or focus reaches it.
      onPointerEnter={clipTrimmer.preload}
      onFocus={clipTrimmer.preload}
      onClick={onClick}
      disabled={disabled}
      aria-label={`Trim ${name}`}
      className="rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 disabled:opacity-50 max-md:min-h-11 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      Trim
    </button>
  );
}
