import { describe, expect, it } from 'vitest';
import {
  describeErrorDetail,
  errorDetailSchema,
  httpUrl,
  idempotencyKeySchema,
  isoTimestampSchema,
  snakeCaseNameSchema,
  taskIdSchema,
} from './common';
import { issuesOf } from './test-helpers';

describe('snake-case names', () => {
  it('accepts lowercase letters, digits and underscores up to 64 characters', () => {
    expect(snakeCaseNameSchema.safeParse('narrator_2').success).toBe(true);
    expect(snakeCaseNameSchema.safeParse('a').success).toBe(true);
    expect(snakeCaseNameSchema.safeParse('a'.repeat(64)).success).toBe(true);
  });

  it('rejects other characters with a message naming the rule', () => {
    expect(issuesOf(snakeCaseNameSchema, 'Bad-Name')).toEqual([
      { path: '', message: 'name must use lowercase letters, digits and underscores only' },
    ]);
    expect(snakeCaseNameSchema.safeParse('with space').success).toBe(false);
    expect(snakeCaseNameSchema.safeParse('ünïcode').success).toBe(false);
  });

  it('rejects empty and over-long names', () => {
    expect(issuesOf(snakeCaseNameSchema, '')).toEqual([
      { path: '', message: 'name must not be empty' },
    ]);
    expect(issuesOf(snakeCaseNameSchema, 'a'.repeat(65))).toEqual([
      { path: '', message: 'name must be at most 64 characters' },
    ]);
  });
});

describe('http(s) URLs', () => {
  const url = httpUrl('reference_audio_url');

  it('accepts http and https, including local hosts the emulator hands out', () => {
    expect(url.safeParse('https://cdn.example.com/a.wav').success).toBe(true);
    expect(url.safeParse('http://localhost:8787/api/v1/files/f1').success).toBe(true);
  });

  it('rejects other schemes and non-URLs, naming the field', () => {
    for (const value of ['ftp://example.com/a.wav', 'file:///tmp/a.wav', 'a.wav', 'https://']) {
      expect(issuesOf(url, value)).toEqual([
        { path: '', message: 'reference_audio_url must be an absolute http(s) URL' },
      ]);
    }
    expect(issuesOf(url, undefined)[0]?.message).toBe('reference_audio_url is required');
  });
});

describe('idempotency key', () => {
  it('accepts 1 to 240 characters', () => {
    expect(idempotencyKeySchema.safeParse('k').success).toBe(true);
    expect(idempotencyKeySchema.safeParse('k'.repeat(240)).success).toBe(true);
  });

  it('rejects 241 characters and the empty string', () => {
    expect(issuesOf(idempotencyKeySchema, 'k'.repeat(241))[0]?.message).toBe(
      'idempotency_key must be at most 240 characters',
    );
    expect(idempotencyKeySchema.safeParse('').success).toBe(false);
  });
});

describe('ISO timestamps', () => {
  it('accepts UTC, offset and offset-less date-times', () => {
    expect(isoTimestampSchema.safeParse('2025-03-01T12:30:00Z').success).toBe(true);
    expect(isoTimestampSchema.safeParse('2025-03-01T12:30:00.123+02:00').success).toBe(true);
    expect(isoTimestampSchema.safeParse('2025-03-01T12:30:00').success).toBe(true);
  });

  it('rejects dates without time, impossible dates and prose', () => {
    expect(isoTimestampSchema.safeParse('2025-03-01').success).toBe(false);
    expect(isoTimestampSchema.safeParse('2025-13-01T00:00:00Z').success).toBe(false);
    expect(isoTimestampSchema.safeParse('yesterday').success).toBe(false);
  });
});

describe('task ids', () => {
  it('are any non-empty string', () => {
    expect(taskIdSchema.safeParse('task_01H').success).toBe(true);
    expect(issuesOf(taskIdSchema, '')[0]?.message).toBe('task_id must not be empty');
  });
});

describe('error detail', () => {
  it('accepts an object with code and message, keeping extra fields', () => {
    const parsed = errorDetailSchema.parse({ code: 'oom', message: 'Out of memory', step: 3 });
    expect(parsed).toEqual({ code: 'oom', message: 'Out of memory', step: 3 });
    expect(describeErrorDetail(parsed)).toMatchObject({ code: 'oom', message: 'Out of memory' });
  });

  it('accepts a plain string and describes it with a generic code', () => {
    expect(describeErrorDetail(errorDetailSchema.parse('Dataset unreadable'))).toEqual({
      code: 'failed',
      message: 'Dataset unreadable',
    });
  });

  it('rejects an object without a message', () => {
    expect(errorDetailSchema.safeParse({ code: 'oom' }).success).toBe(false);
  });
});
