// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterGenerations, isFiltered } from './filter-history';
import { generationFromHistory } from './generation-from-history';
import { historyEntry } from './test/history-entries';

const red = generationFromHistory(historyEntry());
const owl = generationFromHistory(
  historyEntry({
    id: 'gen_OWL',
    params: { prompt: 'A snowy owl at dusk', tool: 'flux_schnell' },
    source: 'client',
  }),
);
const failed = generationFromHistory(
  historyEntry({
    id: 'gen_3',
    params: { prompt: 'A broken bicycle', tool: 'generate_image_15' },
    status: 'failed',
    error: { code: 'upstream_error', message: 'no' },
  }),
);
const all = [red, owl, failed];
const ids = (filters: Parameters<typeof filterGenerations>[1]) =>
  filterGenerations(all, filters).map((entry) => entry.id);

describe('filterGenerations', () => {
  it('keeps every entry, the same list, without filters or with a blank search', () => {
    expect(filterGenerations(all, {})).toBe(all);
    expect(ids({ hq: '   ' })).toEqual(['gen_1', 'gen_OWL', 'gen_3']);
  });

  it('finds the prompt, case-insensitively and trimmed', () => {
    expect(ids({ hq: '  SNOWY Owl ' })).toEqual(['gen_OWL']);
    expect(ids({ hq: 'bicycle' })).toEqual(['gen_1', 'gen_3']);
  });

  it('finds the tool', () => {
    expect(ids({ hq: 'FLUX' })).toEqual(['gen_OWL']);
    expect(ids({ hq: 'image_15' })).toEqual(['gen_1', 'gen_3']);
  });

  it('finds the entry id', () => {
    expect(ids({ hq: 'gen_owl' })).toEqual(['gen_OWL']);
    expect(ids({ hq: 'gen_3' })).toEqual(['gen_3']);
  });

  it('finds nothing for a search nothing holds', () => {
    expect(ids({ hq: 'lighthouse' })).toEqual([]);
  });

  it('keeps the outcome asked for', () => {
    expect(ids({ hstatus: 'failed' })).toEqual(['gen_3']);
    expect(ids({ hstatus: 'succeeded' })).toEqual(['gen_1', 'gen_OWL']);
  });

  it('keeps who sent it; an entry without a source came from this dashboard', () => {
    const local = { ...red, id: 'local', source: undefined };
    expect(filterGenerations([local, owl], { hsource: 'dashboard' }).map((e) => e.id)).toEqual([
      'local',
    ]);
    expect(ids({ hsource: 'client' })).toEqual(['gen_OWL']);
  });

  it('applies every filter at once', () => {
    expect(ids({ hq: 'bicycle', hstatus: 'succeeded' })).toEqual(['gen_1']);
    expect(ids({ hq: 'bicycle', hsource: 'client' })).toEqual([]);
  });
});

describe('isFiltered', () => {
  it('is true for a search or a filter, not for a blank search', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ hq: '  ' })).toBe(false);
    expect(isFiltered({ hq: 'owl' })).toBe(true);
    expect(isFiltered({ hstatus: 'failed' })).toBe(true);
    expect(isFiltered({ hsource: 'client' })).toBe(true);
  });
});
