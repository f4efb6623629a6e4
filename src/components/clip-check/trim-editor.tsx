import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button';
import {
  formatTrimSeconds,
  minTrimLengthS,
  moveHandle,
  regionForKey,
  type TrimHandle,
  type TrimRegion,
} from './trim-region';
import { TrimSlider } from './trim-slider';

interface TrimEditorProps {
  name: string;
  /** Seconds. */
  duration: number;
  /** Where speech starts and ends, or null when there is no silence worth cutting. */
  proposeTrim: () => TrimRegion | null;
  /** Cuts the clip to the region; rejects with what went wrong. */
  apply: (region: TrimRegion) => Promise<void>;
  onCancel: () => void;
  /** The waveform with the draggable region, kept in step with the sliders. */
  renderWaveform?: (region: TrimRegion, onChange: (region: TrimRegion) => void) => ReactNode;
}

/** The region to keep: dragged on the waveform, or set from three keyboard sliders. */
export function TrimEditor({
  name,
  duration,
  proposeTrim,
  apply,
  onCancel,
  renderWaveform,
}: TrimEditorProps) {
  const [region, setRegion] = useState<TrimRegion>({ start: 0, end: duration });
  const [message, setMessage] = useState('');
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const title = useRef<HTMLParagraphElement>(null);
  // Opening moves the focus here, so a keyboard user lands in the trimmer, named.
  useEffect(() => title.current?.focus(), []);
  const of = formatTrimSeconds(duration);
  const length = region.end - region.start;

  const keyFor = (handle: TrimHandle) => (key: string, shiftKey: boolean) => {
    const next = regionForKey(region, handle, key, shiftKey, duration);
    if (next) setRegion(next);
    return next !== null;
  };
  const pointerFor = (handle: TrimHandle) => (seconds: number) =>
    setRegion(
      moveHandle(region, handle, handle === 'position' ? seconds - length / 2 : seconds, duration),
    );

  function trimSilence() {
    const proposal = proposeTrim();
    if (!proposal) {
      setMessage('Nothing to trim: there is no long silence at either end.');
      return;
    }
    setRegion(proposal);
    setMessage(
      `Silence trimmed: keeping ${formatTrimSeconds(proposal.start)} to ${formatTrimSeconds(proposal.end)}.`,
    );
  }

  async function applyTrim() {
    setApplying(true);
    setError(null);
    try {
      await apply(region);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
      setApplying(false);
    }
  }

  const span = [region.start, region.end] as const;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      // Escape leaves the trimmer as Cancel does, from wherever the focus is in it.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || applying) return;
        event.preventDefault();
        onCancel();
      }}
      className="space-y-3 rounded-lg border border-brand-100 bg-brand-50/40 p-3 dark:border-zinc-700 dark:bg-zinc-800/40"
    >
      <p ref={title} id={titleId} tabIndex={-1} className="text-sm font-semibold outline-none">
        Trim {name}
      </p>
      {renderWaveform?.(region, setRegion)}
      <div className="space-y-1">
        <TrimSlider
          label="Trim start"
          value={region.start}
          min={0}
          max={Math.max(0, region.end - Math.min(minTrimLengthS, duration))}
          duration={duration}
          valueText={`${formatTrimSeconds(region.start)} of ${of}`}
          span={span}
          onKey={keyFor('start')}
          onPointerValue={pointerFor('start')}
          disabled={applying}
        />
        <TrimSlider
          label="Trim end"
          value={region.end}
          min={Math.min(duration, region.start + Math.min(minTrimLengthS, duration))}
          max={duration}
          duration={duration}
          valueText={`${formatTrimSeconds(region.end)} of ${of}`}
          span={span}
          onKey={keyFor('end')}
          onPointerValue={pointerFor('end')}
          disabled={applying}
        />
        <TrimSlider
          label="Trim region position"
          value={region.start}
          min={0}
          max={Math.max(0, duration - length)}
          duration={duration}
          valueText={`${formatTrimSeconds(region.start)} to ${formatTrimSeconds(region.end)} of ${of}`}
          span={span}
          thumbAt={(region.start + region.end) / 2}
          onKey={keyFor('position')}
          onPointerValue={pointerFor('position')}
          disabled={applying}
        />
      </div>
      <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        Keeping {formatTrimSeconds(length)} of {of}.
      </p>
      <p role="status" className="text-xs text-zinc-700 empty:hidden dark:text-zinc-300">
        {message}
      </p>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-700 dark:text-red-400">
          Could not trim {name}: {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={trimSilence} disabled={applying}>
          Trim silence
        </Button>
        <Button onClick={() => void applyTrim()} disabled={applying}>
          {applying ? 'Trimming…' : 'Apply trim'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={applying}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
