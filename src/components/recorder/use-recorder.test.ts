import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeOfflineAudioContext } from '../../lib/audio/test-audio-context';
import { encodeWav } from '../../lib/audio/wav';
import { useRecorder } from './use-recorder';

/*
 * jsdom has no microphone and no MediaRecorder, so these are small stand-ins that behave as
 * Chromium's do where the recorder relies on it: a track's stop() fires nothing while the
 * browser ending it (a device unplugged) fires `ended`; a recorder's stop() hands its data, then
 * fires `stop`, a moment later. The recording itself runs in Chromium with a fake microphone
 * (e2e/voice-capture.spec.ts).
 */
class StandInTrack extends EventTarget {
  readonly kind = 'audio';
  readyState: MediaStreamTrackState = 'live';
  stop() {
    this.readyState = 'ended';
  }
  /** The browser ends the track itself: the device went away. */
  lose() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
  getSettings() {
    return { deviceId: 'usb-mic' };
  }
}

class StandInStream {
  readonly tracks = [new StandInTrack()];
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}

/** Six seconds of tone: what the stand-in recorder hands over as its recording. */
const rate = 8000;
const recorded = encodeWav(
  [Float32Array.from({ length: rate * 6 }, (_, i) => 0.3 * Math.sin(i / 4))],
  rate,
);

const recorders: StandInRecorder[] = [];
class StandInRecorder {
  state: RecordingState = 'inactive';
  readonly mimeType = 'audio/wav';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly stream: StandInStream) {
    recorders.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    setTimeout(() => {
      this.ondataavailable?.({ data: recorded });
      this.onstop?.();
    });
  }
}

/** Each getUserMedia call waits until the test answers it. */
let answers: ((stream: StandInStream) => void)[];
let decoder: ReturnType<typeof fakeOfflineAudioContext>;

beforeEach(() => {
  answers = [];
  recorders.length = 0;
  decoder = fakeOfflineAudioContext();
  const getUserMedia = () => new Promise<StandInStream>((resolve) => answers.push(resolve));
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  vi.stubGlobal('MediaRecorder', StandInRecorder);
  vi.stubGlobal('AudioContext', class {});
  vi.stubGlobal('OfflineAudioContext', decoder.OfflineAudioContext);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Opens the microphone and starts recording. */
async function recording() {
  const hook = renderHook(() => useRecorder());
  act(() => hook.result.current.ask());
  expect(hook.result.current.status).toBe('asking');
  const stream = new StandInStream();
  await act(async () => answers[0]!(stream));
  expect(hook.result.current.status).toBe('ready');
  act(() => hook.result.current.start());
  expect(hook.result.current.status).toBe('recording');
  return { ...hook, stream, track: stream.tracks[0]!, recorder: recorders[0]! };
}

describe('useRecorder', () => {
  it('closing while recording stops the microphone and the recording, and makes no take', async () => {
    const { unmount, track, recorder } = await recording();
    unmount();

    expect(track.readyState).toBe('ended');
    expect(recorder.state).toBe('inactive');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(decoder.calls.decodes).toBe(0);
  });

  it('keeps the take when the microphone goes away mid-recording, and says it was cut short', async () => {
    const { result, track } = await recording();
    act(() => track.lose());

    await waitFor(() => expect(result.current.status).toBe('recorded'));
    expect(result.current.cutShort).toBe(true);
    expect(result.current.problem).toBeNull();
    expect(result.current.take?.durationS).toBeCloseTo(6, 2);
    expect(result.current.stream).toBeNull();
  });

  it('says the microphone was disconnected when it goes away before recording', async () => {
    const { result } = renderHook(() => useRecorder());
    act(() => result.current.ask());
    const stream = new StandInStream();
    await act(async () => answers[0]!(stream));
    act(() => stream.tracks[0]!.lose());

    expect(result.current.problem?.kind).toBe('disconnected');
    expect(result.current.status).toBe('idle');
  });

  it('stops a microphone that the browser hands over after the dialog closed', async () => {
    const { result, unmount } = renderHook(() => useRecorder());
    act(() => result.current.ask());
    unmount();

    const late = new StandInStream();
    await act(async () => answers[0]!(late));
    expect(late.tracks[0]!.readyState).toBe('ended');
  });

  it('keeps only the microphone asked for last when another was chosen meanwhile', async () => {
    const { result } = renderHook(() => useRecorder());
    act(() => result.current.ask());
    act(() => result.current.ask('usb-mic'));
    const chosen = new StandInStream();
    await act(async () => answers[1]!(chosen));
    const late = new StandInStream();
    await act(async () => answers[0]!(late));

    expect(late.tracks[0]!.readyState).toBe('ended');
    expect(chosen.tracks[0]!.readyState).toBe('live');
    expect(result.current.stream).toBe(chosen);
    expect(result.current.status).toBe('ready');
  });
});
