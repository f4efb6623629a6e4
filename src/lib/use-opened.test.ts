import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpened } from './use-opened';

describe('useOpened', () => {
  it('starts with the tab shown, adds each tab when it is first shown and never drops one', () => {
    const { result, rerender } = renderHook(({ tab }) => useOpened(tab), {
      initialProps: { tab: 'voice' },
    });
    expect([...result.current]).toEqual(['voice']);
    rerender({ tab: 'music' });
    expect([...result.current]).toEqual(['voice', 'music']);
    rerender({ tab: 'voice' });
    expect([...result.current]).toEqual(['voice', 'music']);
  });

  it('keeps the same set while nothing new is shown, so memoised children do not re-render', () => {
    const { result, rerender } = renderHook(({ tab }) => useOpened(tab), {
      initialProps: { tab: 'speech' },
    });
    const first = result.current;
    rerender({ tab: 'speech' });
    expect(result.current).toBe(first);
  });
});
