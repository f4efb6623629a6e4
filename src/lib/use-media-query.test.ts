import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

/** A window whose width the test sets, with the change events a browser sends. */
function stubWidth(initial: number) {
  let width = initial;
  const listeners = new Set<() => void>();
  const matches = (query: string) => width >= Number(/min-width: (\d+)px/.exec(query)![1]);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return matches(query);
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return {
    resize(next: number) {
      width = next;
      listeners.forEach((listener) => listener());
    },
    listening: () => listeners.size,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('says whether the query matches, and draws again when the window crosses it', () => {
    const viewport = stubWidth(390);
    const { result, unmount } = renderHook(() => useMediaQuery('(min-width: 768px)'));
    expect(result.current).toBe(false);
    act(() => viewport.resize(1280));
    expect(result.current).toBe(true);
    act(() => viewport.resize(600));
    expect(result.current).toBe(false);
    unmount();
    expect(viewport.listening()).toBe(0);
  });

  it('assumes its fallback where there is no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useMediaQuery('(min-width: 768px)', true)).result.current).toBe(true);
    expect(renderHook(() => useMediaQuery('(min-width: 768px)')).result.current).toBe(false);
  });
});
