import { describe, expect, it } from 'vitest';
import { displayTags, formatUsage, safeMediaUrl, voiceBadges } from './voice-display';
import { makeVoice } from './test/voice-fixtures';

describe('safeMediaUrl', () => {
  const base = 'http://localhost:8787/voices';

  it('keeps http(s) URLs and resolves relative ones against the page', () => {
    expect(safeMediaUrl('https://cdn.example.com/a.mp3', base)).toBe(
      'https://cdn.example.com/a.mp3',
    );
    expect(safeMediaUrl('/api/v1/media/x.mp3', base)).toBe(
      'http://localhost:8787/api/v1/media/x.mp3',
    );
  });

  it('refuses every other scheme and empty values', () => {
    expect(safeMediaUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeMediaUrl('data:audio/mpeg;base64,AAAA', base)).toBeNull();
    expect(safeMediaUrl('blob:http://localhost/x', base)).toBeNull();
    expect(safeMediaUrl('', base)).toBeNull();
    expect(safeMediaUrl(null, base)).toBeNull();
  });
});

describe('voiceBadges', () => {
  it('names default, custom, designed and precompiled voices', () => {
    const voice = makeVoice({
      is_default: true,
      is_precompiled: true,
      tags: ['custom', 'designed'],
    });
    expect(voiceBadges(voice, 'all')).toEqual(['default', 'custom', 'designed', 'precompiled']);
    expect(voiceBadges(makeVoice(), 'custom')).toEqual(['custom']);
    expect(voiceBadges(makeVoice(), 'generic')).toEqual([]);
  });

  it('leaves badge tags out of the tag chips', () => {
    expect(displayTags(makeVoice({ tags: ['custom', 'designed', 'calm'] }))).toEqual(['calm']);
  });
});

describe('formatUsage', () => {
  it('shortens large counts and keeps the exact figure', () => {
    expect(formatUsage(18230)).toEqual({ short: '18.2K uses', long: '18,230 uses' });
    expect(formatUsage(1)).toEqual({ short: '1 use', long: '1 use' });
  });
});
