// @vitest-environment node
import { strToU8 } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeDecoder } from '../../lib/audio/test-audio-context';
import { buildDatasetZip } from './dataset-zip';
import { checkLocalFile, checkZipFile } from './probes';
import { makeWav } from './test-wav';

describe('dataset probes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('measures a loose audio file by decoding it, without copying its samples', async () => {
    const calls = installFakeDecoder();
    const file = new File([makeWav({ seconds: 1.5 }).slice()], 'take.wav');
    await expect(checkLocalFile(file, 'audio')).resolves.toEqual({
      name: 'take.wav',
      size: file.size,
      format: 'wav',
      durationS: 1.5,
    });
    expect(calls).toEqual({ decodes: 1, copies: 0 });
  });

  it('measures every audio entry of a zip, and flags the one that is not audio', async () => {
    const calls = installFakeDecoder();
    const zip = await buildDatasetZip([
      { name: 'one.wav', bytes: makeWav({ seconds: 0.5 }) },
      { name: 'two.wav', bytes: makeWav({ seconds: 2, sampleRate: 16_000 }) },
      { name: 'notes.txt', bytes: strToU8('not audio') },
    ]);
    const checks = await checkZipFile(new File([zip.slice()], 'set.zip'), 'audio');
    expect(checks.map(({ name, durationS, problem }) => ({ name, durationS, problem }))).toEqual([
      { name: 'notes.txt', durationS: undefined, problem: 'not an mp3 / wav file' },
      { name: 'one.wav', durationS: 0.5, problem: undefined },
      { name: 'two.wav', durationS: 2, problem: undefined },
    ]);
    expect(calls).toEqual({ decodes: 2, copies: 0 });
  });

  it('says why a file could not be measured, and keeps its type check', async () => {
    const check = await checkLocalFile(
      new File([makeWav({ seconds: 0.1 }).slice()], 'take.wav'),
      'audio',
    );
    expect(check.format).toBe('wav');
    expect(check.error).toBe('This browser cannot decode audio (no Web Audio)');
    expect(check.durationS).toBeUndefined();
  });
});
