import { afterEach, describe, expect, it, vi } from 'vitest';
import { analyseClip } from './analyse-clip';
import { analyseAudio, trimAudio } from './analyse-audio';
import { decodeAudio, withTimeout } from './decode';
import { concat, silence, sine } from './test-signals';
import { readWav } from './test-wav-decoder';
import { encodeWav } from './wav';

const rate = 16_000;
const tone = () => concat(silence(1, rate), sine(6, rate, { hz: 997, rmsDbfs: -23 }));

describe('analyseAudio', () => {
  it('measures a file on the main thread where there are no workers', async () => {
    expect(typeof Worker).toBe('undefined'); // jsdom: the fallback is what runs here
    const left = tone();
    const report = await analyseAudio(encodeWav([left, left], rate), { decode: readWav });
    expect(report.sampleRate).toBe(rate);
    expect(report.channels).toBe(2);
    expect(report.durationS).toBe(7);
    expect(Math.abs(report.loudnessLufs + 20)).toBeLessThan(0.2);
    expect(report.silenceShare).toBeCloseTo(1 / 7, 2);
  });

  it('measures what was decoded: the report is analyseClip’s', async () => {
    const decoded = await readWav(encodeWav([tone()], rate));
    const report = await analyseAudio(encodeWav([tone()], rate), { decode: readWav });
    expect(report).toEqual(analyseClip(decoded.channels, decoded.sampleRate));
  });

  describe('when the worker cannot start', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** A browser whose worker script fails to load, as after a deploy removed it. */
    class UnloadableWorker {
      onerror: ((event: ErrorEvent) => void) | null = null;
      onmessage: unknown = null;
      postMessage() {
        setTimeout(() => this.onerror?.(new ErrorEvent('error', { message: 'Failed to load' })));
      }
      terminate() {}
    }

    it('measures on the main thread instead', async () => {
      const wav = encodeWav([tone()], rate);
      const decoded = await readWav(wav);
      vi.stubGlobal('Worker', UnloadableWorker);
      await expect(analyseAudio(wav, { decode: readWav })).resolves.toEqual(
        analyseClip(decoded.channels, decoded.sampleRate),
      );
    });

    it('measures on the main thread when the browser refuses to create one', async () => {
      vi.stubGlobal(
        'Worker',
        class {
          constructor() {
            throw new DOMException('Blocked by the content security policy', 'SecurityError');
          }
        },
      );
      const report = await analyseAudio(encodeWav([tone()], rate), { decode: readWav });
      expect(report.durationS).toBe(7);
    });
  });

  it('rejects with a clear error where the browser has no Web Audio', async () => {
    expect(typeof OfflineAudioContext).toBe('undefined');
    await expect(analyseAudio(new Blob([new Uint8Array(64)]))).rejects.toThrow(
      'This browser cannot decode audio (no Web Audio)',
    );
    await expect(decodeAudio(new Blob([]))).rejects.toThrow(/no Web Audio/);
  });
});

describe('trimAudio', () => {
  it('cuts the clip and returns it as a WAV file', async () => {
    const ramp = Float32Array.from({ length: rate * 3 }, (_, i) => (i % 100) / 200);
    const file = await trimAudio(encodeWav([ramp], rate), 0.5, 2, 'take.mp3', {
      decode: readWav,
    });
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('take.wav');
    expect(file.type).toBe('audio/wav');
    const trimmed = await readWav(file);
    expect(trimmed.sampleRate).toBe(rate);
    expect(trimmed.channels[0]).toHaveLength(rate * 1.5);
    // The first sample is the one at 0.5 s.
    expect(trimmed.channels[0]![0]).toBeCloseTo(ramp[rate / 2]!, 4);
  });
});

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects with the message when the promise takes too long, and passes results through', async () => {
    vi.useFakeTimers();
    const stalled = withTimeout(new Promise(() => {}), 1000, 'Measuring the audio took too long');
    vi.advanceTimersByTime(1000);
    await expect(stalled).rejects.toThrow('Measuring the audio took too long');
    await expect(withTimeout(Promise.resolve(3), 1000, 'late')).resolves.toBe(3);
  });
});
