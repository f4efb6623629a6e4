import { useEffect, useRef, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

// Long enough to read, short enough that a second copy shows fresh feedback.
const feedbackMs = 2000;

/** Copies a value (an ID, a trace ID) and says so, in words, to everyone. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      // Missing outside secure contexts, e.g. the app opened over plain http on a LAN address.
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), feedbackMs);
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <button
        type="button"
        aria-label={`Copy ${label}`}
        title={`Copy ${label}`}
        onClick={() => void copy()}
        className="inline-flex size-11 items-center justify-center rounded-md md:size-7 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        {state === 'copied' ? <CheckIcon /> : <CopyIcon />}
      </button>
      {/* Always rendered: screen readers announce changes to a live region that already exists. */}
      <span role="status" className="text-xs text-emerald-700 dark:text-emerald-400">
        {state === 'copied' ? 'Copied' : ''}
      </span>
      {state === 'failed' && (
        <span role="alert" className="text-xs text-red-700 dark:text-red-400">
          Could not copy. Select it and copy by hand:{' '}
          <code className="select-all break-all">{value}</code>
        </span>
      )}
    </span>
  );
}

function CopyIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className="size-4"
    >
      <rect x="7" y="7" width="10" height="10" rx="2" />
      <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="size-4"
    >
      <path d="m4 10.5 4 4 8-9" />
    </svg>
  );
}
