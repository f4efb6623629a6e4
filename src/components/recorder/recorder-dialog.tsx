import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import type { RecordingPurpose } from '../../lib/recordings-store';
import { toast } from '../../lib/toast';
import { Button } from '../button';
import { ClippingLight } from './clipping-light';
import { DevicePicker } from './device-picker';
import { LevelMeter } from './level-meter';
import { LiveWaveform } from './live-waveform';
import { RecordTimer } from './record-timer';
import { RecorderProblemView } from './recorder-problem';
import { ScriptPanel } from './script-panel';
import { keepTake } from './take';
import { TakeReview } from './take-review';
import { useInputLevel } from './use-input-level';
import { useMicrophones } from './use-microphones';
import { useRecorder } from './use-recorder';
import { useOpenMicrophone } from './use-open-microphone';

interface RecorderDialogProps {
  purpose: RecordingPurpose;
  onKeep: (file: File) => void;
  /** Names in the form already, which the new recording must not take. */
  takenNames: readonly string[];
  onClose: () => void;
}

/** Mounted while open: closing it unmounts the recorder, which stops the microphone. */
export function RecorderDialog({ purpose, onKeep, takenNames, onClose }: RecorderDialogProps) {
  const recorder = useRecorder();
  useOpenMicrophone(recorder.ask);
  const { status, take } = recorder;
  const recording = status === 'recording';
  const level = useInputLevel(recorder.stream, recording ? recorder.startedAt : null);
  const microphones = useMicrophones(recorder.stream !== null);
  const [keeping, setKeeping] = useState(false);

  async function keep() {
    if (!take) return;
    setKeeping(true);
    const { file, kept } = await keepTake(purpose, take, takenNames);
    if (!kept)
      toast.error('The recording could not be saved in this browser', {
        description: `${file.name} is in the form, but a reload would lose it.`,
      });
    onKeep(file);
    onClose();
  }

  // Escape or a click outside stops a recording rather than losing it, and leaves a take for
  // its own buttons to decide.
  function dismiss() {
    if (recording) recorder.stop();
    else if (status !== 'recorded' && status !== 'finishing') onClose();
  }

  return (
    <Dialog
      open
      onClose={dismiss}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative max-h-[calc(100dvh-2rem)] w-full max-w-lg space-y-4 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
        <div>
          <DialogTitle className="text-base font-semibold">Record a clip</DialogTitle>
          <Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">
            In a quiet room, about a hand’s width from the microphone. Read the sentences or speak
            freely, as you want the voice to sound.
          </Description>
        </div>

        {recorder.problem && (
          <RecorderProblemView
            problem={recorder.problem.kind}
            message={recorder.problem.message}
            onRetry={() => recorder.ask()}
          />
        )}
        {status === 'asking' && (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
            Waiting for permission to use the microphone…
          </p>
        )}

        {status !== 'recorded' && status !== 'finishing' && !recorder.problem && (
          <div className="space-y-3">
            <DevicePicker
              microphones={microphones}
              deviceId={recorder.deviceId}
              disabled={status !== 'ready'}
              onChoose={(deviceId) => recorder.ask(deviceId)}
            />
            <LevelMeter peakDbfs={level.peakDbfs} clipping={level.clipping} />
            <ClippingLight lit={level.clipping} count={level.clipCount} recording={recording} />
            {recording && recorder.stream && <LiveWaveform stream={recorder.stream} />}
          </div>
        )}

        {(status === 'ready' || status === 'recording' || status === 'recorded') && (
          <RecordTimer elapsedS={recorder.elapsedS} phase={status} />
        )}
        {status === 'finishing' && (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-300">
            Preparing the take…
          </p>
        )}
        {status === 'recorded' && take && (
          <TakeReview
            take={take}
            cutShort={recorder.cutShort}
            keeping={keeping}
            onKeep={() => void keep()}
            onAgain={recorder.again}
            onDiscard={onClose}
          />
        )}

        {status !== 'recorded' && <ScriptPanel />}

        <div className="flex flex-wrap justify-end gap-2">
          {status !== 'recorded' && (
            <Button variant="secondary" onClick={onClose}>
              {recording ? 'Cancel recording' : 'Close'}
            </Button>
          )}
          {status === 'ready' && (
            <Button autoFocus onClick={recorder.start}>
              Start recording
            </Button>
          )}
          {recording && (
            <Button autoFocus onClick={recorder.stop}>
              Stop recording
            </Button>
          )}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
