import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip, readZip, ZipLimitError } from './zip';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('buildZip / readZip', () => {
  it('round-trips entries, stored uncompressed', () => {
    const clip = new Uint8Array(5000).map((_, i) => i % 251);
    const zip = buildZip([
      { name: 'clips/one.mp4', data: clip },
      { name: 'notes.txt', data: bytes('hello') },
    ]);
    // Stored entries keep their bytes verbatim inside the archive.
    expect(Buffer.from(zip).includes(Buffer.from(clip))).toBe(true);
    const entries = readZip(zip);
    expect(entries.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'clips/one.mp4', size: 5000 },
      { name: 'notes.txt', size: 5 },
    ]);
    expect(entries[0]!.data).toEqual(clip);
  });

  it('skips folders, __MACOSX and dotfiles', () => {
    const zip = zipSync({
      'track.wav': bytes('RIFF'),
      'sub/': new Uint8Array(0),
      'sub/song.mp3': bytes('ID3'),
      '__MACOSX/._track.wav': bytes('junk'),
      '.DS_Store': bytes('junk'),
      'sub/.hidden': bytes('junk'),
    });
    expect(readZip(zip).map((entry) => entry.name)).toEqual(['track.wav', 'sub/song.mp3']);
  });

  it.each([
    '../escape.wav',
    'ok/../../escape.wav',
    '/etc/passwd',
    'C:/windows.wav',
    '..\\escape.wav',
  ])('rejects the unsafe name %s', (name) => {
    const zip = zipSync({ 'fine.wav': bytes('a'), [name]: bytes('b') });
    expect(() => readZip(zip)).toThrow(ZipLimitError);
    expect(() => readZip(zip)).toThrow(/unsafe path/);
  });

  it('enforces entry and size limits before inflating', () => {
    const zip = zipSync(
      { 'a.wav': new Uint8Array(600), 'b.wav': new Uint8Array(600) },
      { level: 9 },
    );
    expect(() => readZip(zip, { maxEntries: 1 })).toThrow(/more than 1 files/);
    expect(() => readZip(zip, { maxTotalBytes: 1000 })).toThrow(/more than 1000 bytes/);
    expect(readZip(zip, { maxEntries: 2, maxTotalBytes: 1200 })).toHaveLength(2);
  });

  it('reports a clear error for something that is not a zip', () => {
    expect(() => readZip(bytes('just text'))).toThrow(/not a readable zip archive/);
  });

  it('refuses to build archives with unsafe or duplicate names', () => {
    expect(() => buildZip([{ name: '../x', data: bytes('') }])).toThrow(/invalid zip entry name/);
    expect(() =>
      buildZip([
        { name: 'x', data: bytes('') },
        { name: 'x', data: bytes('') },
      ]),
    ).toThrow(/duplicate/);
  });
});
