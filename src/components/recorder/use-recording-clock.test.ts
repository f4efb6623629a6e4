import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { maxRecordingS, useRecordingClock } from './use-recording-clock';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useRecordingClock', () => {
  it('counts the seconds since the start, and calls for the stop at the limit', () => {
    const onLimit = vi.fn();
    const start = performance.now();
    const { result } = renderHook(() => useRecordingClock(start, onLimit));
    expect(result.current).toBe(0);

    act(() => vi.advanceTimersByTime(7_000));
    expect(result.current).toBeCloseTo(7, 0);
    expect(onLimit).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime((maxRecordingS - 7) * 1000));
    expect(result.current).toBeGreaterThanOrEqual(maxRecordingS);
    expect(onLimit).toHaveBeenCalled();
  });

  it('reads 0 while not recording, and starts again from 0 for the next recording', () => {
    const start = performance.now();
    const { result, rerender } = renderHook(
      ({ startedAt }: { startedAt: number | null }) => useRecordingClock(startedAt, () => {}),
      { initialProps: { startedAt: start as number | null } },
    );
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBeCloseTo(5, 0);

    rerender({ startedAt: null });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(3_000));
    rerender({ startedAt: performance.now() });
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(2_000));
    expect(result.current).toBeCloseTo(2, 0);
  });
});
