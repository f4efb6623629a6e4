import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { filterVoices } from './filter-voices';
import { sortVoices } from './sort-voices';
import { makeVoice } from './test/voice-fixtures';
import { useVoiceView } from './use-voice-view';

const voices = Array.from({ length: 150 }, (_, i) =>
  makeVoice({
    voice_id: `v${i}`,
    name: `Voice ${i % 40}`,
    gender: i % 3 ? 'female' : 'male',
    usage_count: (i * 37) % 101,
  }),
);

describe('useVoiceView', () => {
  it('shows the filtered voices in full sort order once rendering settles', () => {
    const view = { gender: 'female' as const, sort: 'usage' as const };
    const { result } = renderHook(() => useVoiceView(voices, view));
    expect(result.current).toEqual(sortVoices(filterVoices(voices, view), 'usage'));
  });

  it('follows a change of sort', () => {
    const { result, rerender } = renderHook(({ sort }) => useVoiceView(voices, { sort }), {
      initialProps: { sort: 'usage' as 'usage' | 'name' },
    });
    rerender({ sort: 'name' });
    expect(result.current).toEqual(sortVoices(voices, 'name'));
  });

  it('is empty without a catalog', () => {
    const { result } = renderHook(() => useVoiceView(undefined, { sort: 'usage' }));
    expect(result.current).toEqual([]);
  });
});
