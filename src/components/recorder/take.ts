import { decodeAudio } from '../../lib/audio/decode';
import { encodeWav } from '../../lib/audio/wav';
import {
  keepRecording,
  recordingNameAfter,
  reserveRecordingName,
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
  const voice = toMono(channels);
  if (voice.length === 0) throw new Error('nothing was recorded');
  return { wav: encodeWav([voice], sampleRate), durationS: voice.length / sampleRate };
}

/**
 * A voice is one channel, but browsers often encode the microphone as stereo: the channels are
 * averaged, unless one is all but silent (a microphone on one input of an audio interface),
 * which would halve the voice's level; then the live one is taken alone.
 */
export function toMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length <= 1) return channels[0] ?? new Float32Array(0);
  const energy = channels.map((samples) => samples.reduce((sum, x) => sum + x * x, 0));
  const loudest = energy.indexOf(Math.max(...energy));
  // 20 dB: the quieter channel carries a hundredth of the power, only bleed or hiss.
  if (energy.every((e, c) => c === loudest || e < energy[loudest]! / 100))
    return channels[loudest]!;
  const frames = Math.min(...channels.map((samples) => samples.length));
  const mono = new Float32Array(frames);
  for (const samples of channels)
    for (let i = 0; i < frames; i++) mono[i]! += samples[i]! / channels.length;
  return mono;
}

/**
 * Names the take "Recording N.wav", a name neither given before nor `taken` (in the form), and
 * keeps it in the browser until the form uses it. Where the browser will not store it (private
 * mode, a full disk) the file is still the form's: `kept` false says a reload would lose it.
 */
export async function keepTake(
  purpose: RecordingPurpose,
  take: Take,
  taken: readonly string[] = [],
): Promise<{ file: File; kept: boolean }> {
  const name = await reserveRecordingName(purpose, taken).catch(() => recordingNameAfter(taken));
  const file = new File([take.wav], name, { type: 'audio/wav', lastModified: Date.now() });
  const kept = await keepRecording(purpose, file).then(
    () => true,
    () => false,
  );
  return { file, kept };
}
