import type { RecorderProblem } from './microphone';

interface ProblemText {
  title: string;
  detail: string;
  /** Whether asking again can help without reloading the page. */
  retry: boolean;
}

const uploadInstead = 'You can still upload an audio file instead.';

const problemTexts: Record<RecorderProblem, ProblemText> = {
  insecure: {
    title: 'Recording needs a secure connection',
    detail: `Browsers only offer the microphone to pages served over https (or from localhost). Open the dashboard at its https address to record. ${uploadInstead}`,
    retry: false,
  },
  unsupported: {
    title: 'This browser cannot record here',
    detail: `It lacks microphone capture or in-browser recording. A current Chrome, Edge, Firefox or Safari can record. ${uploadInstead}`,
    retry: false,
  },
  denied: {
    title: 'Microphone access is blocked',
    detail: `Allow it in the browser’s site settings: select the icon at the left of the address bar, set Microphone to Allow, then choose Try again. ${uploadInstead}`,
    retry: true,
  },
  'no-device': {
    title: 'No microphone found',
    detail: `Connect a microphone (or check that it is enabled in the system’s sound settings), then choose Try again. ${uploadInstead}`,
    retry: true,
  },
  busy: {
    title: 'The microphone could not be started',
    detail: `Another application may be using it, or the system blocked it. Close the other application or pick another microphone, then choose Try again. ${uploadInstead}`,
    retry: true,
  },
  disconnected: {
    title: 'The microphone was disconnected',
    detail: `Plug it back in or pick another microphone, then choose Try again. ${uploadInstead}`,
    retry: true,
  },
  failed: {
    title: 'Recording failed',
    detail: `The browser could not record from the microphone. ${uploadInstead}`,
    retry: true,
  },
};

interface RecorderProblemViewProps {
  problem: RecorderProblem;
  /** The browser's own words, when they add something (the unexpected failures). */
  message?: string | undefined;
  onRetry: () => void;
}

export function RecorderProblemView({ problem, message, onRetry }: RecorderProblemViewProps) {
  const text = problemTexts[problem];
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{text.title}</p>
      <p className="mt-1">{text.detail}</p>
      {problem === 'failed' && message && <p className="mt-1 text-xs">({message})</p>}
      {text.retry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 rounded-md border border-red-400 px-3 py-1 text-sm font-medium hover:bg-red-100 dark:border-red-700 dark:hover:bg-red-900/40"
        >
          Try again
        </button>
      )}
    </div>
  );
}
