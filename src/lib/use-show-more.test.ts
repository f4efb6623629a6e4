import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useShowMore } from './use-show-more';

const items = Array.from({ length: 25 }, (_, i) => i);

describe('useShowMore', () => {
  it('shows a first page, then more on request', () => {
    const { result } = renderHook(() => useShowMore(items, 10));
    expect(result.current.shown).toHaveLength(10);
    expect(result.current.hidden).toBe(15);
    act(() => result.current.showMore());
    expect(result.current.shown).toHaveLength(20);
    act(() => result.current.showMore());
    expect(result.current.shown).toHaveLength(25);
    expect(result.current.hidden).toBe(0);
  });

  it('starts again from the first page when the reset key changes', () => {
    const { result, rerender } = renderHook(
      ({ key }) => useShowMore(items, 10, { resetKey: key }),
      {
        initialProps: { key: 'a' },
      },
    );
    act(() => result.current.showMore());
    expect(result.current.shown).toHaveLength(20);
    rerender({ key: 'a' });
    expect(result.current.shown).toHaveLength(20);
    rerender({ key: 'b' });
    expect(result.current.shown).toHaveLength(10);
    act(() => result.current.showMore());
    expect(result.current.shown).toHaveLength(20);
  });

  it('counts items not read yet as hidden, and offers them before they arrive', () => {
    const { result, rerender } = renderHook(
      ({ list, unread }) => useShowMore(list, 10, { resetKey: 'a', unread }),
      {
        initialProps: { list: items.slice(0, 10), unread: 15 },
      },
    );
    expect(result.current.shown).toHaveLength(10);
    expect(result.current.hidden).toBe(15);
    act(() => result.current.showMore());
    expect(result.current.hidden).toBe(5);
    rerender({ list: items, unread: 0 });
    expect(result.current.shown).toHaveLength(20);
    expect(result.current.hidden).toBe(5);
  });
});
