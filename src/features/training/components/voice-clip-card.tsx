import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { levelWarnings } from '../audio-analysis';
import type { MediaCheck } from '../probes';
import { durationWarning } from '../recommendations';
import type { UploadState } from '../use-uploads';
import { ClipFacts } from './clip-facts';
import { WarningList } from './notes';
import { UploadProgress } from './upload-progress';

export interface ClipView {
  check?: MediaCheck;
  checking: boolean;
  upload?: UploadState;
}

/** A local reference clip: playable waveform, length and levels against the recommendation. */
export function VoiceClipCard({
  file,
  view,
  onRemove,
  disabled,
}: {
  file: File;
  view: ClipView;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const warnings = [
    durationWarning('voice', view.check?.durationS),
    ...(view.check?.levels ? levelWarnings(view.check.levels) : []),
  ].filter((w): w is string => w !== null);
  return (
    <li
      aria-label={`Clip ${file.name}`}
      className="space-y-2 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium" title={file.name}>
            {file.name}
          </p>
          <ClipFacts check={view.check} checking={view.checking} size={file.size} />
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${file.name}`}
          className="rounded-md px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 disabled:opacity-50 max-md:min-h-11 dark:text-zinc-300 dark:hover:bg-zinc-800"
        >
          Remove
        </button>
      </div>
      <WaveformPlayer src={file} label={`Reference clip ${file.name}`} height={36} compact />
      <WarningList warnings={warnings} label={`Hints for ${file.name}`} />
      {view.upload && <UploadProgress upload={view.upload} />}
    </li>
  );
}
