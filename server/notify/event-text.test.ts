import { describe, expect, it } from 'vitest';
import type { NotificationJob } from '../../src/api/contract/notifications';
import { costText, durationText, eventSummary, eventTitle, statusText } from './event-text';

function job(overrides: Partial<NotificationJob> = {}): NotificationJob {
  return {
    id: 'task_1',
    kind: 'voice',
    name: 'my_voice',
    status: 'completed',
    result_urls: [],
    cost: null,
    error: null,
    created_at: '2025-03-01T10:00:00.000Z',
    updated_at: '2025-03-01T10:12:05.000Z',
    duration_s: null,
    started_by: null,
    url: '/jobs/task_1',
    ...overrides,
  };
}

describe('eventTitle', () => {
  it.each([
    ['training.completed', job(), 'Voice training “my_voice” completed'],
    ['training.failed', job({ kind: 'music_lora', name: 'x' }), 'Music LoRA training “x” failed'],
    ['training.failed', job({ kind: 'video_lora', name: 'x' }), 'Video LoRA training “x” failed'],
    ['training.stalled', job({ name: 'x' }), 'Voice training “x” has stalled (no progress)'],
    [
      'speech.completed',
      job({ kind: 'speech', name: 'Hello there' }),
      'Speech “Hello there” is ready',
    ],
    ['speech.failed', job({ kind: 'speech_async', name: 'Hi' }), 'Speech “Hi” failed'],
    ['generation.completed', job({ kind: 'image', name: 'a cat' }), 'Image “a cat” is ready'],
    ['generation.failed', job({ kind: 'video', name: 'waves' }), 'Video “waves” failed'],
  ])('%s of %o', (type, of, title) => {
    expect(eventTitle(type, of)).toBe(title);
  });

  it('tells a budget event from its data: whose, how much of what, and when it resets', () => {
    const data = {
      budget: 'person',
      person: { id: 'u-bob', name: 'Bob' },
      threshold: 100,
      monthly_limit: 10,
      spend: 10.4,
      month: '2026-12',
      resets_at: '2027-01-01T00:00:00.000Z',
    };
    expect(eventTitle('budget.reached', null, data)).toBe(
      "Bob's budget reached: $10.40 of $10.00 in December 2026; new trainings wait until January 1, 2027",
    );
    expect(
      eventTitle('budget.reached', null, { ...data, budget: 'team', person: null, threshold: 80 }),
    ).toBe('Team budget 80 % used: $10.40 of $10.00 in December 2026');
    expect(eventTitle('budget.reached', null, { nonsense: true })).toBe('Budget reached');
  });

  it('names the test event and a paused webhook', () => {
    expect(eventTitle('webhook.test', null)).toBe('Test event from Media Studio');
    expect(eventTitle('webhook.paused', null)).toBe('Webhook paused');
  });

  it('says what happened even without the job', () => {
    expect(eventTitle('training.stalled', null)).toBe('Training has stalled (no progress)');
    expect(eventTitle('generation.completed', null)).toBe('Generation is ready');
  });

  it('keeps a long text to one line of its first words', () => {
    const text =
      'The quick brown fox\njumps over the lazy dog and keeps running far beyond the hill';
    const title = eventTitle('speech.completed', job({ kind: 'speech', name: text }));
    expect(title).toBe('Speech “The quick brown fox jumps over the lazy dog and keeps…” is ready');
  });

  it('names a nameless job by its id', () => {
    expect(eventTitle('generation.completed', job({ kind: 'image', name: '' }))).toBe(
      'Image “task_1” is ready',
    );
  });

  it('still names the job of an event it does not know', () => {
    expect(eventTitle('quota.reached', job())).toBe('quota.reached: “my_voice”');
    expect(eventTitle('quota.reached', null)).toBe('quota.reached');
  });
});

describe('eventSummary', () => {
  it('tells status, duration, cost and who started it', () => {
    const summary = eventSummary(
      job({ duration_s: 725.9, cost: 0.42, started_by: { id: 'u1', name: 'Ada', token: null } }),
    );
    expect(summary).toBe('Completed · 12 min 5 s · $0.42 · by Ada');
  });

  it('leaves out what is not known', () => {
    expect(eventSummary(job({ status: 'failed' }))).toBe('Failed');
  });

  it('names the token a script started it with', () => {
    const started_by = { id: 'u1', name: 'Ada', token: 'nightly' };
    expect(eventSummary(job({ started_by }))).toBe('Completed · by Ada via token nightly');
  });
});

describe('durationText', () => {
  it.each([
    [0, '0 s'],
    [59.9, '59 s'],
    [60, '1 min'],
    [725, '12 min 5 s'],
    [3600, '1 h'],
    [7385, '2 h 3 min'],
  ])('%d s reads %s', (seconds, text) => {
    expect(durationText(seconds)).toBe(text);
  });

  it('is null when unknown', () => {
    expect(durationText(null)).toBeNull();
    expect(durationText(Number.NaN)).toBeNull();
    expect(durationText(-1)).toBeNull();
  });
});

describe('costText and statusText', () => {
  it('writes dollars as the job board does', () => {
    expect(costText(0.42)).toBe('$0.42');
    expect(costText(0.0035)).toBe('$0.0035');
    expect(costText(1234.5)).toBe('$1,234.50');
    expect(costText(0)).toBe('$0.00');
    expect(costText(null)).toBeNull();
  });

  it('writes the service status for a reader', () => {
    expect(statusText('completed')).toBe('Completed');
    expect(statusText('not_found')).toBe('Not found');
    expect(statusText('')).toBe('Unknown');
  });
});
