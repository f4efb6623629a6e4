// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeDecoder } from '../../lib/audio/test-audio-context';
import { readWav } from '../../lib/audio/test-wav-decoder';
import { encodeWav } from '../../lib/audio/wav';
import { loadClip, trimClip } from './trim-clip';

const rate = 8000;
const ramp = Float32Array.from({ length: rate * 4 }, (_, i) => (i % 100) / 200);
const take = () => new File([encodeWav([ramp], rate)], 'take.mp3', { type: 'audio/mpeg' });

async function expectCut(file: File, fromS: number, toS: number) {
  expect(file.name).toBe('take.wav');
  expect(file.type).toBe('audio/wav');
  const { channels, sampleRate } = await readWav(file);
  expect(sampleRate).toBe(rate);
  expect(channels[0]).toHaveLength((toS - fromS) * rate);
  expect(channels[0]![0]).toBeCloseTo(ramp[fromS * rate]!, 4);
}

describe('trimClip', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cuts the samples the trimmer holds, without decoding the clip again', async () => {
    const calls = installFakeDecoder();
    const file = take();
    const clip = await loadClip(file);
    expect(calls.decodes).toBe(1);
    await expectCut(await trimClip(file, clip, 1, 2.5), 1, 2.5);
    expect(calls.decodes).toBe(1);
  });

  it('decodes the clip where its samples are not there', async () => {
    const calls = installFakeDecoder();
    const file = take();
    await expectCut(await trimClip(file, undefined, 0.5, 3), 0.5, 3);
    expect(calls.decodes).toBe(1);
    const emptied = { ...(await loadClip(file)), channels: [new Float32Array(0)] };
    await expectCut(await trimClip(file, emptied, 0.5, 3), 0.5, 3);
    expect(calls.decodes).toBe(3);
  });
});
