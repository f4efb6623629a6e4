import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { forgetRecording, keptRecordings, type RecordingPurpose } from '../../lib/recordings-store';

export interface KeptRecording {
  /** The form's file when it is a recording kept in the browser, else null. */
  recording: File | null;
  /** A recording was kept (RecordClipButton's onKeep): it replaces the one before. */
  kept: (file: File) => void;
  /** The form's file is no longer the recording (another file chosen, or removed). */
  dropped: () => void;
  /** The recording did its job (the request that needed it succeeded): forget it. */
  used: (file: File) => void;
}

/**
 * For a form that holds one file which may be a recording: the last kept recording comes back
 * after a reload (`restore`, on mount), and is forgotten once it
 * is replaced, removed or used.
 */
export function useKeptRecording(
  purpose: RecordingPurpose,
  /** Puts the file in the form; false when the form has one already (then it is left kept). */
  restore: (file: File) => boolean,
): KeptRecording {
  const [recording, setRecording] = useState<File | null>(null);
  const current = useRef<File | null>(null);
  const onRestore = useEffectEvent((file: File) => {
    if (!restore(file)) return;
    current.current = file;
    setRecording(file);
  });

  useEffect(() => {
    let mounted = true;
    keptRecordings(purpose).then(
      (files) => {
        const last = files.at(-1);
        if (mounted && last && !current.current) onRestore(last);
      },
      // No IndexedDB (private mode, policy): nothing was kept to restore.
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [purpose]);

  const set = useCallback(
    (file: File | null) => {
      const before = current.current;
      if (before && before.name !== file?.name)
        void forgetRecording(purpose, before.name).catch(() => {});
      current.current = file;
      setRecording(file);
    },
    [purpose],
  );

  return {
    recording,
    kept: set,
    dropped: useCallback(() => set(null), [set]),
    used: useCallback(
      (file: File) => {
        if (current.current === file) set(null);
      },
      [set],
    ),
  };
}
