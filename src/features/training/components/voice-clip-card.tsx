import { useEffect, useRef, useState } from 'react';
import {
  DeferredClipReportSummary,
  DeferredClipTrimmer,
} from '../../../components/clip-check/deferred-clip-check';
import { TrimButton } from '../../../components/clip-check/trim-button';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import type { ClipReport } from '../../../lib/audio/clip-report';
import type { UploadState } from '../use-uploads';
import { ClipFacts } from './clip-facts';
import { UploadProgress } from './upload-progress';

export interface ClipView {
  report?: ClipReport | undefined;
  checking: boolean;
  /** The browser could not measure the clip (the service may still read it). */
  error?: string | undefined;
  upload?: UploadState | undefined;
}

const smallButton =
  'rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 disabled:opacity-50 max-md:min-h-11 dark:text-zinc-300 dark:hover:bg-zinc-800';

/**
 * A local reference clip: its overall verdict at a glance, the full report on demand, a player,
 * and the trimmer in place of the player while it is open.
 */
export function VoiceClipCard({
  file,
  view,
  onRemove,
  onTrimmed,
  disabled,
}: {
  file: File;
  view: ClipView;
  onRemove: () => void;
  onTrimmed: (trimmed: File) => void;
  disabled?: boolean;
}) {
  const [trimming, setTrimming] = useState(false);
  const trimButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const closeTrimmer = () => {
    returnFocus.current = true;
    setTrimming(false);
  };
  // Back where the trimmer was opened, once the button is enabled again (a trimmed clip keeps
  // this card: see clip-keys.ts).
  useEffect(() => {
    if (trimming || !returnFocus.current) return;
    returnFocus.current = false;
    trimButton.current?.focus();
  }, [trimming]);

  return (
    <li
      aria-label={`Clip ${file.name}`}
      className="min-w-0 space-y-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" title={file.name}>
            {file.name}
          </p>
          <ClipFacts
            report={view.report}
            checking={view.checking}
            error={view.error}
            size={file.size}
          />
        </div>
        <div className="flex shrink-0 gap-1">
          <TrimButton
            ref={trimButton}
            name={file.name}
            onClick={() => setTrimming(true)}
            disabled={disabled || trimming}
          />
          <button
            type="button"
            onClick={onRemove}
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            className={smallButton}
          >
            Remove
          </button>
        </div>
      </div>
      {trimming ? (
        <DeferredClipTrimmer
          file={file}
          onTrimmed={(trimmed) => {
            onTrimmed(trimmed);
            closeTrimmer();
          }}
          onClose={closeTrimmer}
        />
      ) : (
        <WaveformPlayer src={file} label={`Reference clip ${file.name}`} height={36} compact />
      )}
      {view.report && (
        <DeferredClipReportSummary name={file.name} report={view.report} use="voice" />
      )}
      {view.upload && <UploadProgress upload={view.upload} />}
    </li>
  );
}
