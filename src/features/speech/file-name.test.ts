// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { audioMimeType, buildAudioFileName } from './file-name';

describe('buildAudioFileName', () => {
  it('names the voice, the local date and time to the minute, and the format', () => {
    const at = new Date(2026, 10, 21, 9, 30, 59);
    expect(buildAudioFileName('en_aria', at, 'mp3')).toBe('en_aria-2026-11-21-0930.mp3');
    expect(buildAudioFileName('de_jonas', new Date(2026, 0, 2, 23, 5), 'wav')).toBe(
      'de_jonas-2026-01-02-2305.wav',
    );
  });

  it('keeps any voice id safe as a file name', () => {
    const at = new Date(2026, 10, 21, 9, 30);
    expect(buildAudioFileName('../my voice/1', at, 'ogg')).toBe('my_voice_1-2026-11-21-0930.ogg');
    expect(buildAudioFileName('', at, 'mp3')).toBe('speech-2026-11-21-0930.mp3');
  });
});

describe('audioMimeType', () => {
  it('maps each speech format to the type browsers play', () => {
    expect(audioMimeType('mp3')).toBe('audio/mpeg');
    expect(audioMimeType('wav')).toBe('audio/wav');
    expect(audioMimeType('ogg')).toBe('audio/ogg');
  });
});
