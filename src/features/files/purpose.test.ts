// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { guessPurpose } from '../../lib/file-purpose';
import { suggestDatasetForm } from './purpose';
import { mediaKindOf } from './media-kind';

describe('guessPurpose', () => {
  it.each([
    [{ type: 'audio/wav', name: 'a.wav' }, 'audio-input'],
    [{ type: 'image/png', name: 'a.png' }, 'image-input'],
    [{ type: 'video/mp4', name: 'a.mp4' }, 'video-input'],
    [{ type: '', name: 'Take.FLAC' }, 'audio-input'],
    [{ type: '', name: 'clip.mov' }, 'video-input'],
    [{ type: 'application/zip', name: 'dataset.zip' }, 'general'],
    [{ type: '', name: 'README' }, 'general'],
  ] as const)('%o → %s', (file, purpose) => {
    expect(guessPurpose(file)).toBe(purpose);
  });
});

describe('suggestDatasetForm', () => {
  const base = { filename: 'x.bin', purpose: 'general' };
  it('picks voice for audio inputs and video for video inputs', () => {
    expect(suggestDatasetForm({ ...base, purpose: 'audio-input' })).toBe('voice');
    expect(suggestDatasetForm({ ...base, purpose: 'video-input' })).toBe('video');
    expect(suggestDatasetForm({ ...base, content_type: 'video/mp4' })).toBe('video');
  });
  it('picks video for a zip that says it holds video, music otherwise', () => {
    expect(suggestDatasetForm({ ...base, filename: 'video-clips.zip' })).toBe('video');
    expect(
      suggestDatasetForm({ ...base, filename: 'set.bin', content_type: 'application/zip' }),
    ).toBe('music');
    expect(suggestDatasetForm({ ...base, filename: 'songs.zip' })).toBe('music');
    expect(suggestDatasetForm({ ...base, purpose: 'image-input' })).toBe('music');
  });
});

describe('media helpers', () => {
  it('chooses a viewer from the content type', () => {
    expect(mediaKindOf('audio/mpeg')).toBe('audio');
    expect(mediaKindOf('IMAGE/PNG')).toBe('image');
    expect(mediaKindOf('video/webm')).toBe('video');
    expect(mediaKindOf(undefined)).toBe('other');
  });
});
