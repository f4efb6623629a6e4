import { decodeAudio } from '../../lib/audio/decode';
import { encodeWav } from '../../lib/audio/wav';
import {
  keepRecording,
  nextRecordingName,
  type RecordingPurpose,
} from '../../lib/recordings-store';

/** One finished recording, as 16-bit WAV. */
export interface Take {
  wav: Blob;
  durationS: number;
}

/**
 * MediaRecorder gives a compressed stream (WebM/Opus, MP4/AAC) whose container often lacks a
 * duration, and that some services refuse: the take is decoded and made a WAV at once, so the
 * preview shows its true length and what is kept is what gets uploaded.
 */
export async function takeFrom(recorded: Blob): Promise<Take> {
  const { channels, sampleRate } = await decodeAudio(recorded);
  const frames = channels[0]?.length ?? 0;
  if (frames === 0) throw new Error('nothing was recorded');
  return { wav: encodeWav(channels, sampleRate), durationS: frames / sampleRate };
}

/**
 * Names the take "Recording N.wav" and keeps it in the browser until the form uses it. Where
 * the browser will not store it (private mode, a full disk) the file is still the form's:
 * `kept` false says a reload would lose it.
 */
export async function keepTake(
  purpose: RecordingPurpose,
  take: Take,
): Promise<{ file: File; kept: boolean }> {
  const name = await nextRecordingName(purpose).catch(() => 'Recording 1.wav');
  const file = new File([take.wav], name, { type: 'audio/wav', lastModified: Date.now() });
  const kept = await keepRecording(purpose, file).then(
    () => true,
    () => false,
  );
  return { file, kept };
}
