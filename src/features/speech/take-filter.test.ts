// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { SpeechTake } from './speech-take';
import { filterTakes, isTakeFilterActive, takeFilterKey } from './take-filter';

function take(id: string, patch: Partial<SpeechTake> = {}): SpeechTake {
  return {
    id,
    kind: 'sync',
    text: `Take ${id}`,
    voiceId: 'en_aria',
    created_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    error: null,
    audio: null,
    format: 'mp3',
    facts: {},
    settings: null,
    request: { kind: 'sync', body: {} },
    fromOtherClient: false,
    ...patch,
  };
}

const takes = [
  take('speech_a1', { text: 'Good morning, Lisbon', voiceId: 'en_marcus' }),
  take('task_b2', { kind: 'async', text: 'Weather for the week', voiceId: 'pt_ines' }),
  take('extend_c3', { kind: 'extend', text: 'Extended intro', voiceId: '' }),
  take('speech_d4', { text: 'Sent by a script', fromOtherClient: true }),
];
const ids = (filter: Parameters<typeof filterTakes>[1]) =>
  filterTakes(takes, filter).map((t) => t.id);

describe('filterTakes', () => {
  it('keeps every take, in order, without a filter or with a blank search', () => {
    expect(filterTakes(takes, {})).toBe(takes);
    expect(ids({ hq: '   ' })).toEqual(takes.map((t) => t.id));
  });

  it('finds a take by its text, its voice id or its id', () => {
    expect(ids({ hq: 'lisbon' })).toEqual(['speech_a1']);
    expect(ids({ hq: 'pt_ines' })).toEqual(['task_b2']);
    expect(ids({ hq: 'extend_c3' })).toEqual(['extend_c3']);
  });

  it('ignores case and the spaces around the search', () => {
    expect(ids({ hq: '  GOOD Morning ' })).toEqual(['speech_a1']);
    expect(ids({ hq: 'EN_MARCUS' })).toEqual(['speech_a1']);
  });

  it('finds nothing when nothing matches', () => {
    expect(ids({ hq: 'nowhere' })).toEqual([]);
  });

  it('keeps one kind: speech, async task or voice extend', () => {
    expect(ids({ hkind: 'speech' })).toEqual(['speech_a1', 'speech_d4']);
    expect(ids({ hkind: 'async' })).toEqual(['task_b2']);
    expect(ids({ hkind: 'extend' })).toEqual(['extend_c3']);
  });

  it('keeps what this dashboard made, or what other clients sent', () => {
    expect(ids({ hsource: 'client' })).toEqual(['speech_d4']);
    expect(ids({ hsource: 'dashboard' })).toEqual(['speech_a1', 'task_b2', 'extend_c3']);
  });

  it('combines the search and the filters', () => {
    expect(ids({ hq: 'e', hkind: 'speech', hsource: 'dashboard' })).toEqual(['speech_a1']);
    expect(ids({ hq: 'weather', hkind: 'extend' })).toEqual([]);
  });
});

describe('isTakeFilterActive and takeFilterKey', () => {
  it('counts a filter as on only when it narrows something', () => {
    expect(isTakeFilterActive({})).toBe(false);
    expect(isTakeFilterActive({ hq: '  ' })).toBe(false);
    expect(isTakeFilterActive({ hq: 'a' })).toBe(true);
    expect(isTakeFilterActive({ hkind: 'async' })).toBe(true);
    expect(isTakeFilterActive({ hsource: 'client' })).toBe(true);
  });

  it('gives the same key to searches that find the same takes, another to another filter', () => {
    expect(takeFilterKey({ hq: ' Morning' })).toBe(takeFilterKey({ hq: 'morning ' }));
    expect(takeFilterKey({})).not.toBe(takeFilterKey({ hkind: 'async' }));
    expect(takeFilterKey({ hkind: 'async' })).not.toBe(takeFilterKey({ hsource: 'client' }));
  });
});
