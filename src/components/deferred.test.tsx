import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreloadWhenIdle } from './deferred';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('usePreloadWhenIdle', () => {
  it('starts the preload once the browser is idle, without drawing the component again', () => {
    const preload = vi.fn();
    let renders = 0;
    function Form() {
      renders++;
      usePreloadWhenIdle(preload);
      return null;
    }
    render(<Form />);
    expect(preload).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2_000));
    expect(preload).toHaveBeenCalledTimes(1);
    expect(renders).toBe(1);
  });

  it('does not start it for a component gone before the browser was idle', () => {
    const preload = vi.fn();
    function Form() {
      usePreloadWhenIdle(preload);
      return null;
    }
    render(<Form />).unmount();
    act(() => vi.advanceTimersByTime(2_000));
    expect(preload).not.toHaveBeenCalled();
  });
});
