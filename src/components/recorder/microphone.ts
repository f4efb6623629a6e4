/** Why the recorder cannot record: each kind gets its own message (recorder-problem.tsx). */
export type RecorderProblem =
  'insecure' | 'unsupported' | 'denied' | 'no-device' | 'busy' | 'disconnected' | 'failed';

/** What stops recording before anything is asked: an http page or a browser without the APIs. */
export function recordingBlocker(): RecorderProblem | null {
  // Browsers only offer the microphone to https pages (and localhost).
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (
    typeof navigator === 'undefined' ||
    !navigator.mediaDevices?.getUserMedia ||
    typeof MediaRecorder === 'undefined' ||
    typeof AudioContext === 'undefined'
  )
    return 'unsupported';
  return null;
}

/**
 * The browser's voice-call processing is off: echo cancellation, noise suppression and automatic
 * gain pump the level and smear the room tone, and a voice model learns those artefacts as part
 * of the voice. The clip check then measures the real noise and level, which the user can fix.
 */
const rawVoice: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
  // A voice is one channel; a stereo interface would only double the upload.
  channelCount: { ideal: 1 },
};

/**
 * Opens the chosen microphone, or the browser's default one. A remembered device that is gone
 * (unplugged, or another computer) falls back to the default instead of failing.
 */
export async function openMicrophone(deviceId: string | null): Promise<MediaStream> {
  if (deviceId) {
    try {
      return await navigator.mediaDevices.getUserMedia({
        audio: { ...rawVoice, deviceId: { exact: deviceId } },
      });
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      if (name !== 'OverconstrainedError' && name !== 'NotFoundError') throw error;
    }
  }
  return navigator.mediaDevices.getUserMedia({ audio: rawVoice });
}

/** getUserMedia's and MediaRecorder's failures, in the recorder's words. */
export function problemFrom(error: unknown): RecorderProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'no-device';
    case 'NotReadableError':
    case 'AbortError':
    case 'TrackStartError':
      return 'busy';
    default:
      return 'failed';
  }
}

export function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/**
 * Calls `lost` when the browser ends the stream on its own: the device was unplugged or switched
 * off. The page's own stop() fires nothing.
 */
export function onDeviceLost(stream: MediaStream, lost: () => void) {
  for (const track of stream.getAudioTracks())
    track.addEventListener('ended', lost, { once: true });
}
