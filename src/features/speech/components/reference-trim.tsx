import { useEffect, useRef, useState } from 'react';
import { DeferredClipTrimmer } from '../../../components/clip-check/deferred-clip-check';
import { TrimButton } from '../../../components/clip-check/trim-button';

/**
 * Trim for the local reference: the same trimmer as a training clip's (a region, Trim silence,
 * keyboard sliders). The trimmed WAV becomes the reference, and its report is measured again.
 */
export function ReferenceTrim({
  file,
  disabled,
  onTrimmed,
}: {
  file: File;
  disabled?: boolean;
  onTrimmed: (trimmed: File) => void;
}) {
  const [trimming, setTrimming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setTrimming(false);
  };
  // The trimmer had the focus: back to Trim once the button is enabled again.
  useEffect(() => {
    if (trimming || !returnFocus.current) return;
    returnFocus.current = false;
    button.current?.focus();
  }, [trimming]);
  return (
    <div className="mt-2 space-y-2">
      <TrimButton
        ref={button}
        name={file.name}
        onClick={() => setTrimming(true)}
        disabled={disabled || trimming}
      />
      {trimming && (
        <DeferredClipTrimmer
          file={file}
          onTrimmed={(trimmed) => {
            onTrimmed(trimmed);
            close();
          }}
          onClose={close}
        />
      )}
    </div>
  );
}
