import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedSave } from './use-debounced-save';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderSave(initial: string) {
  const save = vi.fn();
  const hook = renderHook(({ value }) => useDebouncedSave(value, save, 400), {
    initialProps: { value: initial },
  });
  return { save, ...hook };
}

describe('useDebouncedSave', () => {
  it('saves a value once it has stopped changing for the delay', () => {
    const { save, rerender } = renderSave('a');
    vi.advanceTimersByTime(300);
    rerender({ value: 'ab' });
    vi.advanceTimersByTime(300);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('saves what was typed last when the form goes before the delay', () => {
    const { save, rerender, unmount } = renderSave('a');
    rerender({ value: 'ab' });
    unmount();
    expect(save).toHaveBeenCalledExactlyOnceWith('ab');
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledOnce();
  });

  it('saves what was typed last when the page goes, which unmounts nothing', () => {
    const { save, rerender, unmount } = renderSave('a');
    rerender({ value: 'ab' });
    window.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenCalledExactlyOnceWith('ab');
    // Saved once: neither the timer (a page kept for the back button lives on) nor the unmount
    // saves it again.
    vi.advanceTimersByTime(1000);
    unmount();
    expect(save).toHaveBeenCalledOnce();
  });

  it('saves nothing more when the value was already saved', () => {
    const { save, unmount } = renderSave('a');
    vi.advanceTimersByTime(400);
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(save).toHaveBeenCalledExactlyOnceWith('a');
  });
});
