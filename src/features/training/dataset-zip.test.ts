// @vitest-environment node
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDatasetZip, checkEntry, inspectDatasetZip, sniffFormat } from './dataset-zip';
import { makeWav } from './test-wav';

const mp4Header = new Uint8Array([0, 0, 0, 24, ...strToU8('ftypisom'), 0, 0, 2, 0]);
const movHeader = new Uint8Array([0, 0, 0, 20, ...strToU8('ftypqt  '), 0, 0, 2, 0]);

describe('sniffFormat', () => {
  it('recognises WAV, MP3, MP4 and MOV by their first bytes', () => {
    expect(sniffFormat(makeWav({ seconds: 0.01 }))).toBe('wav');
    expect(sniffFormat(new Uint8Array([...strToU8('ID3'), 4, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe('mp3');
    expect(sniffFormat(new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...Array(8).fill(0)]))).toBe('mp3');
    expect(sniffFormat(mp4Header)).toBe('mp4');
    expect(sniffFormat(movHeader)).toBe('mov');
    expect(sniffFormat(strToU8('hello, world!'))).toBeNull();
  });
});

describe('checkEntry', () => {
  const wav = makeWav({ seconds: 0.01 });
  it('needs the name and the bytes to agree with the expected family', () => {
    expect(checkEntry('a.wav', wav, 'audio')).toEqual({ format: 'wav' });
    expect(checkEntry('a.mp3', wav, 'audio')).toEqual({ format: 'wav' });
    expect(checkEntry('a.wav', strToU8('not really audio'), 'audio')).toEqual({
      format: null,
      problem: 'named wav but its bytes are not .mp3 or .wav',
    });
    expect(checkEntry('a.bin', wav, 'audio').problem).toBe(
      'holds wav but its name does not end in .mp3 or .wav',
    );
    expect(checkEntry('a.wav', wav, 'video').problem).toBe('not an mp4 / mov file');
    expect(checkEntry('clip.MOV', movHeader, 'video')).toEqual({ format: 'mov' });
  });
});

describe('buildDatasetZip → inspectDatasetZip', () => {
  it('round-trips tracks, keeps repeated names apart and flags a non-audio file', async () => {
    const one = makeWav({ seconds: 0.05 });
    const two = makeWav({ seconds: 0.1, amplitude: 0.2 });
    const zip = await buildDatasetZip([
      { name: 'one.wav', bytes: one },
      { name: 'dir/one.wav', bytes: two },
      { name: 'notes.txt', bytes: strToU8('liner notes') },
    ]);
    const entries = await inspectDatasetZip(zip, 'audio');
    expect(
      entries.map(({ name, size, format, problem }) => ({ name, size, format, problem })),
    ).toEqual([
      { name: 'notes.txt', size: 11, format: null, problem: 'not an mp3 / wav file' },
      { name: 'one-2.wav', size: two.length, format: 'wav', problem: undefined },
      { name: 'one.wav', size: one.length, format: 'wav', problem: undefined },
    ]);
    expect(entries.find((e) => e.name === 'one.wav')!.bytes).toEqual(one);
  });

  it('stores entries uncompressed (level 0)', async () => {
    const silence = new Uint8Array(10_000);
    expect((await buildDatasetZip([{ name: 'a.wav', bytes: silence }])).length).toBeGreaterThan(
      10_000,
    );
  });

  it('skips directories and flags macOS metadata in a ready-made zip', async () => {
    const zip = zipSync({
      'tracks/': new Uint8Array(0),
      'tracks/a.wav': makeWav({ seconds: 0.01 }),
      '__MACOSX/tracks/._a.wav': strToU8('meta'),
    });
    expect((await inspectDatasetZip(zip, 'audio')).map((e) => [e.name, e.problem ?? 'ok'])).toEqual(
      [
        ['__MACOSX/tracks/._a.wav', 'hidden or system metadata file'],
        ['tracks/a.wav', 'ok'],
      ],
    );
  });
});
