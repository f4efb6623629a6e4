import { Button } from '../button';
import { WaveformPlayer } from '../waveform/waveform-player';
import type { Take } from './take';

interface TakeReviewProps {
  take: Take;
  /** The microphone went away before Stop. */
  cutShort: boolean;
  keeping: boolean;
  onKeep: () => void;
  onAgain: () => void;
  onDiscard: () => void;
}

/** The finished take: listen, then keep it, record it again, or discard it. */
export function TakeReview({
  take,
  cutShort,
  keeping,
  onKeep,
  onAgain,
  onDiscard,
}: TakeReviewProps) {
  return (
    <div className="space-y-3">
      {cutShort && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          The microphone was disconnected during the recording. What was recorded until then is
          below: keep it, or reconnect the microphone and record again.
        </p>
      )}
      <WaveformPlayer src={take.wav} label="Recorded take" height={56} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDiscard} disabled={keeping}>
          Discard recording
        </Button>
        <Button variant="secondary" onClick={onAgain} disabled={keeping}>
          Record again
        </Button>
        <Button autoFocus onClick={onKeep} disabled={keeping}>
          {keeping ? 'Keeping…' : 'Keep recording'}
        </Button>
      </div>
    </div>
  );
}
