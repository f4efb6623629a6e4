// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { displayTags, formatUsage, voiceBadges } from './voice-display';
import { makeVoice } from './test/voice-fixtures';

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
