import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/api/contract/history';
import { historyEntryOf } from '../../src/test/history-entry';
import { bucketOf, contributionOf } from './contribution';
import { addDays, daysInMonth, periodOf, periodsBetween, weekStart } from './calendar';

const entry = (overrides: Partial<HistoryEntry> = {}): HistoryEntry =>
  historyEntryOf({
    id: 'job',
    kind: 'voice',
    name: 'calm',
    created_at: '2026-12-01T23:30:00.000Z',
    status: 'queued',
    ...overrides,
  });

describe('contributionOf', () => {
  it('counts a training’s committed cost as the board shows it, in micro-units', () => {
    const running = contributionOf(
      entry({ status: 'running', latest: { status: 'running', cost_estimate: 0.1234567 } }),
      null,
    );
    expect(running.measures).toMatchObject({
      jobs: 1,
      running: 1,
      completed: 0,
      training_cost_micros: 123_457,
      running_cost_micros: 123_457,
    });
    const done = contributionOf(
      entry({ status: 'completed', latest: { status: 'completed', total_cost: 2 } }),
      null,
    );
    expect(done.measures).toMatchObject({
      completed: 1,
      running: 0,
      training_cost_micros: 2_000_000,
      running_cost_micros: 0,
    });
    for (const status of ['failed', 'cancelled', 'queued', 'unknown']) {
      const other = contributionOf(
        entry({ status, latest: { status, cost_estimate: 5, total_cost: 5 } }),
        null,
      );
      expect(other.measures.training_cost_micros, status).toBe(0);
    }
  });

  it('tells completed, failed, cancelled and unknown apart', () => {
    const of = (status: string, error: HistoryEntry['error'] = null) =>
      contributionOf(entry({ status, error }), null).measures;
    expect(of('failed')).toMatchObject({ failed: 1, completed: 0, cancelled: 0, running: 0 });
    expect(of('cancelled')).toMatchObject({ cancelled: 1, completed: 0, failed: 0 });
    expect(of('unknown')).toMatchObject({ completed: 0, failed: 0, cancelled: 0, running: 0 });
    expect(of('completed', { code: 'x', message: 'y' })).toMatchObject({
      failed: 1,
      completed: 0,
    });
  });

  it('keeps the day a job started in UTC, whoever started it and with which token', () => {
    const part = contributionOf(
      entry({
        created_at: '2026-12-02T00:30:00+02:00',
        started_by: { id: 'u-1', name: 'Ada', token: 'ci' },
      }),
      null,
    );
    expect(part).toMatchObject({
      day: '2026-12-01',
      person_id: 'u-1',
      person_name: 'Ada',
      token: 'ci',
    });
    expect(contributionOf(entry(), null)).toMatchObject({ person_id: '', token: '' });
  });

  it('measures queue wait from the first running reading, and run time to the end', () => {
    const readings = [
      { at: '2026-12-01T23:30:00.000Z', status: 'queued' },
      { at: '2026-12-01T23:31:00.000Z', status: 'running', progress: 5 },
    ];
    const started = contributionOf(entry({ status: 'running', readings }), null);
    expect(started.running_since).toBe('2026-12-01T23:31:00.000Z');
    expect(started.durations).toEqual([{ measure: 'queue_wait', bucket: bucketOf(60) }]);
    // The compact readings of a later write no longer hold the first running one: it is carried.
    const ended = contributionOf(
      entry({
        status: 'completed',
        updated_at: '2026-12-02T00:31:00.000Z',
        readings: [{ at: '2026-12-02T00:31:00.000Z', status: 'completed', progress: 100 }],
      }),
      started,
    );
    expect(ended.running_since).toBe('2026-12-01T23:31:00.000Z');
    expect(ended.durations).toEqual([
      { measure: 'queue_wait', bucket: bucketOf(60) },
      { measure: 'run_time', bucket: bucketOf(3_600) },
    ]);
    // A cancelled run has no run time worth charting.
    const cancelled = contributionOf(entry({ status: 'cancelled' }), started);
    expect(cancelled.durations.map((mark) => mark.measure)).toEqual(['queue_wait']);
  });

  it('starts the run at the earliest running reading, whichever write saw it first', () => {
    const running = (at: string) => ({ at, status: 'running', progress: 5 });
    const late = '2026-12-01T23:40:00.000Z';
    const early = '2026-12-01T23:31:00.000Z';
    expect(
      contributionOf(entry({ status: 'running', readings: [running(late), running(early)] }), null)
        .running_since,
    ).toBe(early);
    const sawLate = contributionOf(entry({ status: 'running', readings: [running(late)] }), null);
    const sawEarly = contributionOf(entry({ status: 'running', readings: [running(early)] }), null);
    expect(
      contributionOf(entry({ status: 'running', readings: [running(early)] }), sawLate)
        .running_since,
    ).toBe(early);
    expect(
      contributionOf(entry({ status: 'running', readings: [running(late)] }), sawEarly)
        .running_since,
    ).toBe(early);
  });

  it('charts a failed run, a zero wait, and no wait the clock got backwards', () => {
    const at = '2026-12-01T23:30:00.000Z';
    const failed = contributionOf(
      entry({
        status: 'failed',
        updated_at: at,
        readings: [{ at, status: 'running', progress: 0 }],
      }),
      null,
    );
    expect(failed.durations).toEqual([
      { measure: 'queue_wait', bucket: 0 },
      { measure: 'run_time', bucket: 0 },
    ]);
    const skewed = contributionOf(
      entry({
        status: 'running',
        readings: [{ at: '2026-12-01T23:29:00.000Z', status: 'running', progress: 1 }],
      }),
      null,
    );
    expect(skewed.durations).toEqual([]);
    expect(contributionOf(entry({ status: 'running' }), null).durations).toEqual([]);
  });

  it('reads tool and voice names as text only, trimmed, and sizes as positive numbers', () => {
    expect(contributionOf(entry({ kind: 'image', params: { tool: 5 } }), null).items[0]?.item).toBe(
      'auto',
    );
    expect(
      contributionOf(entry({ kind: 'speech', params: { text: 'hi', voice_id: ' calm ' } }), null)
        .items[0]?.item,
    ).toBe('calm');
    const bytes = (params: Record<string, unknown>, size?: number) =>
      contributionOf(
        entry({
          kind: 'upload',
          params,
          result: size === undefined ? null : { urls: [], file_ids: [], size },
        }),
        null,
      ).measures.upload_bytes;
    expect(bytes({ size: -5 })).toBe(0);
    expect(bytes({ size: 0 })).toBe(0);
    expect(bytes({ size: '12' }, 40)).toBe(40);
    expect(bytes({})).toBe(0);
  });

  it('counts tools, voices and characters, bytes and sandboxes', () => {
    expect(contributionOf(entry({ kind: 'video', params: { tool: ' ' } }), null).items).toEqual([
      { item_type: 'tool', kind: 'video', item: 'auto', count: 1, units: 0 },
    ]);
    const refused = contributionOf(
      entry({ kind: 'speech', status: 'failed', params: { text: 'hello', voice_id: 'v' } }),
      null,
    );
    expect(refused.measures).toMatchObject({ speech_requests: 1, speech_characters: 0 });
    const upload = contributionOf(
      entry({ kind: 'upload', params: {}, result: { urls: [], file_ids: [], size: 1_234.4 } }),
      null,
    );
    expect(upload.measures).toMatchObject({ uploads: 1, upload_bytes: 1_234 });
    expect(contributionOf(entry({ kind: 'sandbox' }), null).measures.sandboxes).toBe(1);
    expect(contributionOf(entry({ kind: 'voice_extend' }), null).measures.extends).toBe(1);
  });
});

describe('calendar', () => {
  it('buckets durations at the histogram’s edges', () => {
    expect([0, 9.9, 10, 59, 60, 21_599, 21_600, 1e9].map(bucketOf)).toEqual([
      0, 0, 1, 2, 3, 9, 10, 10,
    ]);
  });

  it('starts weeks on Monday and lists every period of a range', () => {
    expect(weekStart('2026-12-06')).toBe('2026-11-30'); // a Sunday
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(periodOf('2026-12-06', 'month')).toBe('2026-12');
    expect(periodsBetween('2026-11-29', '2026-12-01', 'day')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(periodsBetween('2026-12-06', '2026-12-14', 'week')).toEqual([
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
    ]);
    expect(periodsBetween('2026-11-15', '2027-01-02', 'month')).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
