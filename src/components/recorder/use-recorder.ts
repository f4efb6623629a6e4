import { useCallback, useEffect, useRef, useState } from 'react';
import {
  onDeviceLost,
  openMicrophone,
  problemFrom,
  recordingBlocker,
  stopStream,
  type RecorderProblem,
} from './microphone';
import { rememberedMicrophone, rememberMicrophone } from './use-microphones';
import { takeFrom, type Take } from './take';
import { useRecordingClock } from './use-recording-clock';

/**
 * idle: nothing open (before asking, or after a problem) · asking: waiting for the browser's
 * permission prompt · ready: microphone open, level shown · recording · finishing: turning the
 * recording into a WAV take · recorded: the take can be played, kept or discarded.
 */
export type RecorderStatus = 'idle' | 'asking' | 'ready' | 'recording' | 'finishing' | 'recorded';

/** MediaRecorder's default can be a thin 32 kbps voice codec; the take becomes a WAV anyway. */
const audioBitsPerSecond = 128_000;

export interface Recorder {
  status: RecorderStatus;
  stream: MediaStream | null;
  /** The open microphone's device. */
  deviceId: string | null;
  problem: { kind: RecorderProblem; message?: string } | null;
  /** performance.now() when the current recording started. */
  startedAt: number | null;
  elapsedS: number;
  take: Take | null;
  /** The microphone went away mid-recording: the take holds what was recorded until then. */
  cutShort: boolean;
  /** Opens the microphone (again), the given one or the remembered one. */
  ask: (deviceId?: string) => void;
  start: () => void;
  stop: () => void;
  /** Drops the take and opens the microphone for another. */
  again: () => void;
}

/**
 * The microphone and the recording, for one open recorder dialog: everything it opened is
 * stopped when the dialog closes (unmount), including a recording in progress.
 */
export function useRecorder(): Recorder {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<Recorder['problem']>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [take, setTake] = useState<Take | null>(null);
  const [cutShort, setCutShort] = useState(false);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  /** Bumped by every ask and by closing: an answer to an older one is thrown away. */
  const generation = useRef(0);

  const release = useCallback(() => {
    generation.current++;
    const recorder = recorderRef.current;
    recorderRef.current = null;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);

  const fail = useCallback(
    (kind: RecorderProblem, message?: string) => {
      release();
      setStream(null);
      setProblem({ kind, ...(message && { message }) });
      setStatus('idle');
    },
    [release],
  );

  const ask = useCallback(
    (deviceId?: string) => {
      release();
      setProblem(null);
      setStream(null);
      const blocker = recordingBlocker();
      if (blocker) {
        fail(blocker);
        return;
      }
      if (deviceId) rememberMicrophone(deviceId);
      const asked = ++generation.current;
      setStatus('asking');
      openMicrophone(deviceId ?? rememberedMicrophone()).then(
        (opened) => {
          if (asked !== generation.current) return stopStream(opened);
          streamRef.current = opened;
          onDeviceLost(opened, () => {
            // A take already being finished has stopped this stream itself.
            if (asked !== generation.current || streamRef.current !== opened) return;
            const recorder = recorderRef.current;
            if (!recorder) return fail('disconnected');
            // The browser may already have stopped the recorder: its take is kept either way.
            setCutShort(true);
            if (recorder.state !== 'inactive') recorder.stop();
          });
          setStream(opened);
          setStatus('ready');
        },
        (error: unknown) => {
          if (asked !== generation.current) return;
          fail(problemFrom(error), error instanceof Error ? error.message : undefined);
        },
      );
    },
    [fail, release],
  );

  const finish = useCallback(
    (chunks: Blob[], type: string, asked: number) => {
      stopStream(streamRef.current);
      streamRef.current = null;
      recorderRef.current = null;
      setStream(null);
      setStatus('finishing');
      takeFrom(new Blob(chunks, { type })).then(
        (made) => {
          if (asked !== generation.current) return;
          setTake(made);
          setStatus('recorded');
        },
        (error: unknown) => {
          if (asked !== generation.current) return;
          fail('failed', `the recording could not be read: ${String(error)}`);
        },
      );
    },
    [fail],
  );

  const start = useCallback(() => {
    const open = streamRef.current;
    if (!open) return;
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(open, { audioBitsPerSecond });
    } catch (error) {
      fail(problemFrom(error), error instanceof Error ? error.message : undefined);
      return;
    }
    const chunks: Blob[] = [];
    const asked = generation.current;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => finish(chunks, recorder.mimeType, asked);
    recorder.onerror = () => fail('failed');
    recorderRef.current = recorder;
    recorder.start();
    setTake(null);
    setCutShort(false);
    setStartedAt(performance.now());
    setStatus('recording');
  }, [fail, finish]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const again = useCallback(() => {
    setTake(null);
    setCutShort(false);
    ask();
  }, [ask]);

  const clockS = useRecordingClock(status === 'recording' ? startedAt : null, stop);

  // Closing the dialog closes the microphone.
  useEffect(() => release, [release]);

  return {
    status,
    stream,
    deviceId: stream?.getAudioTracks()[0]?.getSettings().deviceId ?? null,
    problem,
    startedAt,
    elapsedS: take ? take.durationS : clockS,
    take,
    cutShort,
    ask,
    start,
    stop,
    again,
  };
}
