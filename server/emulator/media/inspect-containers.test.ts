import { describe, expect, it } from 'vitest';
import { inspectMedia } from './inspect';
import {
  box,
  concat,
  ebml,
  float64,
  mvhd,
  oggPage,
  track,
  u16be,
  u16le,
  u32be,
  u32le,
  zeros,
} from './fixture-bytes';

describe('inspectMedia on hand-built audio and video files', () => {
  it('reads FLAC STREAMINFO', () => {
    // 44100 Hz (20 bits), 2 channels, 16 bits, 441000 samples (36 bits).
    const info = [
      ...u16be(4096),
      ...u16be(4096),
      ...zeros(6),
      0x0a,
      0xc4,
      0x42,
      0xf0,
      ...u32be(441000),
      ...zeros(16),
    ];
    expect(inspectMedia(concat('fLaC', [0x80, 0, 0, 34], info))).toEqual({
      kind: 'audio',
      format: 'flac',
      contentType: 'audio/flac',
      sampleRate: 44100,
      channels: 2,
      durationS: 10,
    });
  });

  it('measures Ogg Opus from its last granule minus the pre-skip', () => {
    const head = concat('OpusHead', [1, 2], u16le(312), u32le(44100), zeros(3));
    const file = concat(
      oggPage(0n, head),
      oggPage(0n, concat('OpusTags', zeros(8))),
      oggPage(BigInt(48000 * 3 + 312), zeros(20)),
    );
    expect(inspectMedia(file)).toMatchObject({
      kind: 'audio',
      format: 'opus',
      sampleRate: 48000,
      channels: 2,
      durationS: 3,
    });
  });

  it('reads WAV duration from the data chunk', () => {
    const fmt = concat(
      'fmt ',
      u32le(16),
      u16le(1),
      u16le(2),
      u32le(48000),
      u32le(48000 * 6),
      u16le(6),
      u16le(24),
    );
    const wav = concat(
      'RIFF',
      u32le(4 + fmt.length + 8 + 288000),
      'WAVE',
      fmt,
      'data',
      u32le(288000),
      zeros(288000),
    );
    expect(inspectMedia(wav)).toMatchObject({
      kind: 'audio',
      format: 'wav',
      sampleRate: 48000,
      channels: 2,
      durationS: 1,
    });
  });

  it('counts ADTS AAC frames', () => {
    // 44100 Hz (index 4), 2 channels, one raw block of 1024 samples per 16-byte frame.
    const frame = concat(
      [0xff, 0xf1, (1 << 6) | (4 << 2), 2 << 6, (16 >> 3) & 0xff, ((16 & 7) << 5) | 0x1f, 0xfc],
      zeros(9),
    );
    const info = inspectMedia(concat(...Array.from({ length: 43 }, () => frame)));
    expect(info).toMatchObject({ kind: 'audio', format: 'aac', sampleRate: 44100, channels: 2 });
    expect(info?.durationS).toBeCloseTo((43 * 1024) / 44100, 5);
  });

  it('tells MP4 video from M4A audio by their tracks', () => {
    const video = concat(
      box('ftyp', 'isom', zeros(4), 'isomavc1'),
      box('moov', mvhd(600, 1800), track('vide', 1280, 720)),
    );
    expect(inspectMedia(video)).toEqual({
      kind: 'video',
      format: 'mp4',
      contentType: 'video/mp4',
      durationS: 3,
      width: 1280,
      height: 720,
    });

    const audio = concat(
      box('ftyp', 'M4A ', zeros(4), 'M4A isom'),
      box('moov', mvhd(44100, 44100 * 5), track('soun', 0, 0)),
    );
    expect(inspectMedia(audio)).toEqual({
      kind: 'audio',
      format: 'm4a',
      contentType: 'audio/mp4',
      durationS: 5,
      sampleRate: 44100,
      channels: 2,
    });
  });

  it('reads QuickTime files that start without ftyp, with the movie after the data', () => {
    const mov = concat(
      box('wide'),
      box('mdat', zeros(64)),
      box('moov', mvhd(1000, 2500), track('vide', 640, 480), track('soun', 0, 0)),
    );
    expect(inspectMedia(mov)).toMatchObject({
      kind: 'video',
      format: 'mov',
      contentType: 'video/quicktime',
      durationS: 2.5,
      width: 640,
      height: 480,
    });
  });

  it('reads WebM duration, tracks and size', () => {
    const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], 'webm'));
    const info = ebml(
      [0x15, 0x49, 0xa9, 0x66],
      ebml([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]),
      ebml([0x44, 0x89], float64(4500)),
    );
    const tracks = ebml(
      [0x16, 0x54, 0xae, 0x6b],
      ebml(
        [0xae],
        ebml([0x83], [1]),
        ebml([0xe0], ebml([0xb0], u16be(854)), ebml([0xba], u16be(480))),
      ),
    );
    const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], zeros(10));
    const file = concat(header, ebml([0x18, 0x53, 0x80, 0x67], info, tracks, cluster));
    expect(inspectMedia(file)).toEqual({
      kind: 'video',
      format: 'webm',
      contentType: 'video/webm',
      durationS: 4.5,
      width: 854,
      height: 480,
    });

    const audioOnly = concat(
      header,
      ebml(
        [0x18, 0x53, 0x80, 0x67],
        ebml([0x16, 0x54, 0xae, 0x6b], ebml([0xae], ebml([0x83], [2]))),
      ),
    );
    expect(inspectMedia(audioOnly)).toMatchObject({ kind: 'audio', contentType: 'audio/webm' });
  });

  it('uses a Xing header for the MP3 frame count', () => {
    // MPEG-1 layer III, 128 kbit/s, 44100 Hz, mono: 417-byte frames, 17 bytes of side info.
    const header = [0xff, 0xfb, 0x90, 0xc4];
    const xingFrame = concat(
      header,
      zeros(17),
      'Xing',
      u32be(1),
      u32be(1000),
      zeros(417 - 4 - 17 - 12),
    );
    const audioFrame = concat(header, zeros(413));
    const info = inspectMedia(concat(xingFrame, audioFrame, audioFrame));
    expect(info).toMatchObject({ kind: 'audio', format: 'mp3', sampleRate: 44100, channels: 1 });
    expect(info?.durationS).toBeCloseTo((1000 * 1152) / 44100, 5);
  });
});
