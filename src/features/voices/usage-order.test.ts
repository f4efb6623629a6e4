// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeVoice } from './test/voice-fixtures';
import { byUsage } from './usage-order';

const ids = (voices: { voice_id: string }[]) => voices.map((voice) => voice.voice_id);

describe('byUsage', () => {
  it('puts the most used first and keeps the given order among equal counts', () => {
    const voices = [
      makeVoice({ voice_id: 'a', usage_count: 5 }),
      makeVoice({ voice_id: 'b', usage_count: 9 }),
      makeVoice({ voice_id: 'c', usage_count: 5 }),
      makeVoice({ voice_id: 'd', usage_count: 0 }),
      makeVoice({ voice_id: 'e', usage_count: 9 }),
    ];
    expect(ids(byUsage(voices))).toEqual(['b', 'e', 'a', 'c', 'd']);
  });

  it('gives the same order for counts too large to pack', () => {
    const voices = [
      makeVoice({ voice_id: 'a', usage_count: 3 }),
      makeVoice({ voice_id: 'b', usage_count: 2 ** 40 }),
      makeVoice({ voice_id: 'c', usage_count: 3 }),
      makeVoice({ voice_id: 'd', usage_count: Number.MAX_SAFE_INTEGER }),
    ];
    expect(ids(byUsage(voices))).toEqual(['d', 'b', 'a', 'c']);
  });

  it('returns a new array and handles an empty list', () => {
    const voices = [makeVoice()];
    expect(byUsage(voices)).not.toBe(voices);
    expect(byUsage([])).toEqual([]);
  });
});
