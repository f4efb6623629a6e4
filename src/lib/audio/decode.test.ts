import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeAudio, decodeDuration } from './decode';
import { installFakeDecoder } from './test-audio-context';
import { sine } from './test-signals';
import { encodeWav } from './wav';

const rate = 16_000;
const stereo = () => {
  const left = sine(2.5, rate, { hz: 440, rmsDbfs: -20 });
  return encodeWav([left, left.map((x) => -x)], rate);
};

describe('decodeDuration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the length in seconds without copying any channel', async () => {
    const calls = installFakeDecoder();
    await expect(decodeDuration(stereo())).resolves.toBe(2.5);
    expect(calls).toEqual({ decodes: 1, copies: 0 });
  });

  it('rejects with a clear error when the browser cannot read the file', async () => {
    installFakeDecoder();
    await expect(decodeDuration(new Blob([new Uint8Array(8)]))).rejects.toThrow(
      /^Could not decode the audio \(not a format this browser reads/,
    );
  });

  it('rejects where the browser has no Web Audio', async () => {
    expect(typeof OfflineAudioContext).toBe('undefined');
    await expect(decodeDuration(stereo())).rejects.toThrow(
      'This browser cannot decode audio (no Web Audio)',
    );
  });
});

describe('decodeAudio', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('copies every channel out of the decoded buffer, samples and rate intact', async () => {
    const calls = installFakeDecoder();
    const { channels, sampleRate } = await decodeAudio(stereo());
    expect(calls).toEqual({ decodes: 1, copies: 2 });
    expect(sampleRate).toBe(rate);
    expect(channels).toHaveLength(2);
    expect(channels[0]).toHaveLength(2.5 * rate);
    expect(channels[1]![100]).toBeCloseTo(-channels[0]![100]!, 4);
  });
});
