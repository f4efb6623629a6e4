import { describe, expect, it } from 'vitest';
import { usageMeasuresSchema, usageReportSchema } from './contract/usage';
import { isUsageReport } from './usage-checks';
import { expectAgreement as agrees, withBadFields } from '../test/hand-check-agreement';

const measures = {
  jobs: 3,
  completed: 2,
  failed: 1,
  cancelled: 0,
  running: 0,
  training_cost: 1.25,
  running_cost: 0,
  generations: 1,
  speech_requests: 0,
  speech_characters: 0,
  extends: 0,
  uploads: 1,
  upload_bytes: 2_048,
  sandboxes: 0,
};
const durations = {
  count: 2,
  p50_s: 4,
  p90_s: 20.5,
  buckets: [
    { from_s: 0, to_s: 10, count: 1 },
    { from_s: 21_600, to_s: null, count: 1 },
  ],
};
const report = {
  from: '2026-12-01',
  to: '2026-12-03',
  group_by: 'day',
  by: 'kind',
  periods: ['2026-12-01', '2026-12-02', '2026-12-03'],
  rows: [{ ...measures, period: '2026-12-01', group: 'voice', label: 'Voice training' }],
  groups: [{ ...measures, group: 'voice', label: 'Voice training' }],
  totals: measures,
  tools: [{ kind: 'image', tool: 'auto', count: 1 }],
  voices: [{ voice_id: 'v1', requests: 2, characters: 120 }],
  trainings: { queue_wait: durations, run_time: { ...durations, count: 0, p50_s: null } },
  month: {
    month: '2026-12',
    committed: 1.25,
    completed_cost: 1.25,
    running_cost: 0,
    forecast: 12.5,
    resets_at: '2027-01-01T00:00:00.000Z',
  },
};

describe('isUsageReport', () => {
  it('refuses what is not an object, without throwing', () => {
    for (const value of [null, undefined, [], 'usage', 1, true])
      expect(isUsageReport(value)).toBe(false);
  });

  it('accepts a report as the gateway answers it, as the schema returns it', () => {
    const empty = {
      ...report,
      group_by: 'month',
      by: 'token',
      periods: ['2026-12'],
      rows: [],
      groups: [],
      tools: [],
      voices: [],
    };
    for (const value of [report, empty]) {
      expect(isUsageReport(value)).toBe(true);
      expect(usageReportSchema.parse(value)).toStrictEqual(value);
    }
  });

  it('agrees with the schema on every wrong field of the report and of its parts', () => {
    const fields = (value: object) => Object.keys(value);
    const cases = [
      ...withBadFields(fields(report), (f, bad) => ({ ...report, [f]: bad })),
      ...withBadFields(fields(report.rows[0]!), (f, bad) => ({
        ...report,
        rows: [{ ...report.rows[0]!, [f]: bad }],
      })),
      ...withBadFields(fields(report.groups[0]!), (f, bad) => ({
        ...report,
        groups: [{ ...report.groups[0]!, [f]: bad }],
      })),
      ...withBadFields(Object.keys(usageMeasuresSchema.shape), (f, bad) => ({
        ...report,
        totals: { ...measures, [f]: bad },
      })),
      ...withBadFields(fields(report.tools[0]!), (f, bad) => ({
        ...report,
        tools: [{ ...report.tools[0]!, [f]: bad }],
      })),
      ...withBadFields(fields(report.voices[0]!), (f, bad) => ({
        ...report,
        voices: [{ ...report.voices[0]!, [f]: bad }],
      })),
      ...withBadFields(fields(durations), (f, bad) => ({
        ...report,
        trainings: { ...report.trainings, run_time: { ...durations, [f]: bad } },
      })),
      ...withBadFields(fields(durations.buckets[0]!), (f, bad) => ({
        ...report,
        trainings: {
          ...report.trainings,
          queue_wait: { ...durations, buckets: [{ ...durations.buckets[0]!, [f]: bad }] },
        },
      })),
      ...withBadFields(fields(report.month), (f, bad) => ({
        ...report,
        month: { ...report.month, [f]: bad },
      })),
    ];
    for (const value of cases) agrees(usageReportSchema, isUsageReport, value);
  });

  it('leaves to zod an unknown grouping, dimension or kind, and a key zod would drop', () => {
    for (const value of [
      { ...report, group_by: 'year' },
      { ...report, by: 'team' },
      { ...report, tools: [{ kind: 'podcast', tool: 'auto', count: 1 }] },
      { ...report, totals: { ...measures, storage_bytes: 0 } },
      { ...report, csv: 'from,to' },
    ]) {
      expect(isUsageReport(value)).toBe(false);
      agrees(usageReportSchema, isUsageReport, value);
    }
  });
});
