// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { usageSearchSchema } from './search';
import { usageRange } from './usage-range';

describe('usageSearchSchema', () => {
  it('starts on this month, by day and by kind', () => {
    expect(usageSearchSchema.parse({})).toEqual({ period: 'month', group_by: 'day', by: 'kind' });
    expect(usageSearchSchema.parse(null)).toEqual({ period: 'month', group_by: 'day', by: 'kind' });
  });

  it('reads custom days, grouping and split', () => {
    expect(
      usageSearchSchema.parse({
        period: 'custom',
        from: '2026-11-01',
        to: '2026-12-15',
        group_by: 'week',
        by: 'token',
      }),
    ).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: '2026-12-15',
      group_by: 'week',
      by: 'token',
    });
  });

  it('drops what it does not know, field by field', () => {
    expect(
      usageSearchSchema.parse({
        period: 'year',
        group_by: 'hour',
        by: 'team',
        from: '2026-12-01',
      }),
    ).toEqual({ period: 'month', group_by: 'day', by: 'kind' });
    expect(
      usageSearchSchema.parse({ period: 'custom', from: '2026-02-30', to: '26-12-01' }),
    ).toEqual({ period: 'custom', group_by: 'day', by: 'kind' });
  });

  it('keeps days for a custom period only', () => {
    expect(
      usageSearchSchema.parse({ period: '30d', from: '2026-12-01', to: '2026-12-02' }),
    ).toEqual({ period: '30d', group_by: 'day', by: 'kind' });
  });
});

describe('usageRange', () => {
  const now = Date.parse('2026-12-03T23:30:00Z');
  const base = { group_by: 'day', by: 'kind' } as const;

  it('covers this month up to today, in UTC days', () => {
    expect(usageRange({ ...base, period: 'month' }, now)).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
    });
  });

  it('covers the last 30 days, today included', () => {
    expect(usageRange({ ...base, period: '30d' }, now)).toEqual({
      from: '2026-11-04',
      to: '2026-12-03',
    });
  });

  it('takes custom days, and this month for a day missing', () => {
    expect(
      usageRange({ ...base, period: 'custom', from: '2025-01-01', to: '2025-03-31' }, now),
    ).toEqual({ from: '2025-01-01', to: '2025-03-31' });
    expect(usageRange({ ...base, period: 'custom', to: '2026-12-02' }, now)).toEqual({
      from: '2026-12-01',
      to: '2026-12-02',
    });
  });

  it('says why custom days give no report', () => {
    expect(
      usageRange({ ...base, period: 'custom', from: '2026-12-02', to: '2026-12-01' }, now),
    ).toEqual({ error: 'The first day must not be after the last day.' });
    expect(
      usageRange({ ...base, period: 'custom', from: '2020-01-01', to: '2026-12-01' }, now),
    ).toEqual({ error: 'A period covers at most 1,830 days (five years).' });
    // One day is a period.
    expect(
      usageRange({ ...base, period: 'custom', from: '2026-12-02', to: '2026-12-02' }, now),
    ).toEqual({ from: '2026-12-02', to: '2026-12-02' });
  });
});
