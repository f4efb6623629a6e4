import type { UsageMeasures, UsageReport, UsageRow } from '../../../api/contract/usage';

export const noMeasures: UsageMeasures = {
  jobs: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  running: 0,
  training_cost: 0,
  running_cost: 0,
  generations: 0,
  speech_requests: 0,
  speech_characters: 0,
  extends: 0,
  uploads: 0,
  upload_bytes: 0,
  sandboxes: 0,
};

export const row = (
  period: string,
  group: string,
  label: string,
  measures: Partial<UsageMeasures>,
): UsageRow => ({ ...noMeasures, ...measures, period, group, label });

const noDurations = { count: 0, p50_s: null, p90_s: null, buckets: [] };

/** A report of 1–3 Dec 2026 by kind: two voice trainings, a LoRA still running, generations. */
export function usageReport(patch: Partial<UsageReport> = {}): UsageReport {
  return {
    from: '2026-12-01',
    to: '2026-12-03',
    group_by: 'day',
    by: 'kind',
    periods: ['2026-12-01', '2026-12-02', '2026-12-03'],
    rows: [
      row('2026-12-01', 'voice', 'Voice training', { jobs: 1, completed: 1, training_cost: 1.2 }),
      row('2026-12-01', 'image', 'Image generation', {
        jobs: 2,
        completed: 1,
        failed: 1,
        generations: 2,
      }),
      row('2026-12-03', 'voice', 'Voice training', { jobs: 1, completed: 1, training_cost: 0.1 }),
      row('2026-12-03', 'music_lora', 'Music LoRA', {
        jobs: 1,
        running: 1,
        training_cost: 0.2,
        running_cost: 0.2,
      }),
    ],
    groups: [
      {
        ...noMeasures,
        group: 'voice',
        label: 'Voice training',
        jobs: 2,
        completed: 2,
        training_cost: 1.3,
      },
      {
        ...noMeasures,
        group: 'music_lora',
        label: 'Music LoRA',
        jobs: 1,
        running: 1,
        training_cost: 0.2,
        running_cost: 0.2,
      },
      {
        ...noMeasures,
        group: 'image',
        label: 'Image generation',
        jobs: 2,
        completed: 1,
        failed: 1,
        generations: 2,
      },
    ],
    totals: {
      ...noMeasures,
      jobs: 5,
      completed: 3,
      failed: 1,
      running: 1,
      training_cost: 1.5,
      running_cost: 0.2,
      generations: 2,
    },
    tools: [{ kind: 'image', tool: 'flux', count: 2 }],
    voices: [],
    trainings: {
      queue_wait: {
        count: 3,
        p50_s: 4,
        p90_s: 20,
        buckets: [
          { from_s: 0, to_s: 10, count: 2 },
          { from_s: 10, to_s: 30, count: 1 },
          { from_s: 21_600, to_s: null, count: 0 },
        ],
      },
      run_time: noDurations,
    },
    month: {
      month: '2026-12',
      committed: 1.5,
      completed_cost: 1.3,
      running_cost: 0.2,
      forecast: 15.5,
      resets_at: '2027-01-01T00:00:00.000Z',
    },
    ...patch,
  };
}
