import { Suspense, useRef, useState } from 'react';
import type { RecordingPurpose } from '../../lib/recordings-store';
import { Button } from '../button';
import { deferred } from '../deferred';

// The recorder (its dialog library, level meter, scripts and encoder) loads when someone reaches
// for it: a pointer over the button or the focus on it, well before the click lands.
const recorderDialog = deferred(() =>
  import('./recorder-dialog').then((module) => module.RecorderDialog),
);

interface RecordClipButtonProps {
  /** Which form's set the kept recordings join (they are restored into it after a reload). */
  purpose: RecordingPurpose;
  /** A kept recording: a WAV File "Recording N.wav", already saved in the browser. */
  onKeep: (file: File) => void;
  /** The names of the form's files: a new recording is never named like one of them. */
  takenNames?: readonly string[] | undefined;
  disabled?: boolean;
}

/** "Record a clip": records from the microphone in a dialog, beside a form's file input. */
export function RecordClipButton({ purpose, onKeep, takenNames, disabled }: RecordClipButtonProps) {
  const [open, setOpen] = useState(false);
  // The dialog library loads with the dialog, after the button got the focus, so it has not seen
  // where the focus came from: the button takes it back itself.
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <Button
        ref={button}
        variant="secondary"
        disabled={disabled}
        onPointerEnter={recorderDialog.preload}
        onFocus={recorderDialog.preload}
        onClick={() => setOpen(true)}
      >
        <MicrophoneIcon />
        Record a clip
      </Button>
      {open && (
        <Suspense
          fallback={
            <span role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
              Opening the recorder…
            </span>
          }
        >
          <recorderDialog.Component
            purpose={purpose}
            onKeep={onKeep}
            takenNames={takenNames ?? []}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}

function MicrophoneIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M10 13a3 3 0 0 0 3-3V5a3 3 0 1 0-6 0v5a3 3 0 0 0 3 3Z" />
      <path d="M5 9.5a.75.75 0 0 0-1.5 0 6.5 6.5 0 0 0 5.75 6.46v1.29a.75.75 0 0 0 1.5 0v-1.29A6.5 6.5 0 0 0 16.5 9.5a.75.75 0 0 0-1.5 0 5 5 0 0 1-10 0Z" />
    </svg>
  );
}
