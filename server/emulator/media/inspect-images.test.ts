import { describe, expect, it } from 'vitest';
import { inspectMedia } from './inspect';
import { box, concat, u16be, u16le, u24le, u32be, u32le, zeros } from './fixture-bytes';

describe('inspectMedia on hand-built images', () => {
  it.each([
    [
      'GIF',
      concat('GIF89a', u16le(320), u16le(240), zeros(20)),
      { format: 'gif', width: 320, height: 240 },
    ],
    [
      'JPEG',
      concat(
        [0xff, 0xd8],
        [0xff, 0xe0],
        u16be(16),
        'JFIF\0',
        zeros(9),
        [0xff, 0xc0],
        u16be(17),
        [8],
        u16be(480),
        u16be(640),
        zeros(12),
      ),
      { format: 'jpeg', contentType: 'image/jpeg', width: 640, height: 480 },
    ],
    [
      'WebP VP8X',
      concat('RIFF', u32le(30), 'WEBPVP8X', u32le(10), zeros(4), u24le(799), u24le(599), zeros(8)),
      { format: 'webp', width: 800, height: 600 },
    ],
    [
      'WebP VP8L',
      concat('RIFF', u32le(30), 'WEBPVP8L', u32le(10), [0x2f], u32le(99 | (49 << 14)), zeros(12)),
      { format: 'webp', width: 100, height: 50 },
    ],
    [
      'WebP VP8',
      concat(
        'RIFF',
        u32le(30),
        'WEBPVP8 ',
        u32le(10),
        zeros(3),
        [0x9d, 0x01, 0x2a],
        u16le(400),
        u16le(300),
        zeros(8),
      ),
      { format: 'webp', width: 400, height: 300 },
    ],
    [
      'AVIF',
      concat(
        box('ftyp', 'avif', zeros(4), 'avifmif1'),
        box(
          'meta',
          zeros(4),
          box('iprp', box('ipco', box('ispe', zeros(4), u32be(1920), u32be(1080)))),
        ),
      ),
      { format: 'avif', width: 1920, height: 1080 },
    ],
  ])('reads %s dimensions', (_label, bytes, expected) => {
    expect(inspectMedia(bytes)).toMatchObject({ kind: 'image', ...expected });
  });
});
