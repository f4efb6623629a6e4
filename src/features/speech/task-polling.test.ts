// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { speechTaskPollMs, speechTaskRefetchInterval } from './task-polling';

function query(status: 'pending' | 'error' | 'success', taskStatus?: string) {
  return {
    state: {
      status,
      data:
        taskStatus === undefined
          ? undefined
          : { data: { task_id: 'tts_1', status: taskStatus }, trace_id: 'tr' },
    },
  };
}

describe('speechTaskRefetchInterval', () => {
  it('polls about once a second while the task runs, or before the first answer', () => {
    expect(speechTaskPollMs).toBe(1000);
    expect(speechTaskRefetchInterval(query('pending'))).toBe(speechTaskPollMs);
    expect(speechTaskRefetchInterval(query('success', 'processing'))).toBe(speechTaskPollMs);
  });

  it('keeps polling on a status it does not know', () => {
    expect(speechTaskRefetchInterval(query('success', 'queued'))).toBe(speechTaskPollMs);
  });

  it('stops once the task has completed or failed', () => {
    expect(speechTaskRefetchInterval(query('success', 'completed'))).toBe(false);
    expect(speechTaskRefetchInterval(query('success', 'failed'))).toBe(false);
  });

  it('stops after a failed poll', () => {
    expect(speechTaskRefetchInterval(query('error', 'processing'))).toBe(false);
    expect(speechTaskRefetchInterval(query('error'))).toBe(false);
  });
});
