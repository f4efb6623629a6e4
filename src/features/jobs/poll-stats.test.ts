import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stallThreshold } from './job-state';
import { notePoll, useQuietJobs } from './poll-stats';

describe('useQuietJobs', () => {
  it('lists a job once it has been polled many times without a change, until it changes', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useQuietJobs();
    });
    const before = renders;
    act(() => {
      for (let i = 0; i < stallThreshold.polls - 1; i++) notePoll('q1', false);
    });
    // The count moved on every poll, but nothing shown depends on it yet.
    expect(renders).toBe(before);
    expect(result.current.has('q1')).toBe(false);

    act(() => notePoll('q1', false));
    expect(result.current.has('q1')).toBe(true);
    act(() => notePoll('q1', false));
    expect(result.current.has('q1')).toBe(true);

    act(() => notePoll('q1', true));
    expect(result.current.has('q1')).toBe(false);
  });
});
