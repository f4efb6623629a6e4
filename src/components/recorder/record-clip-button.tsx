import { useState } from 'react';
import type { RecordingPurpose } from '../../lib/recordings-store';
import { Button } from '../button';
import { RecorderDialog } from './recorder-dialog';

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
  return (
    <>
      <Button variant="secondary" disabled={disabled} onClick={() => setOpen(true)}>
        <MicrophoneIcon />
        Record a clip
      </Button>
      {open && (
        <RecorderDialog
          purpose={purpose}
          onKeep={onKeep}
          takenNames={takenNames ?? []}
          onClose={() => setOpen(false)}
        />
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
