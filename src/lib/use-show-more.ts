import { useState } from 'react';

/**
 * The newest `step` items of a long list, and more on request. A shared history can hold
 * thousands of entries; drawing them all (each with a player and its buttons) would make the
 * page slow to open and to scroll, while people mostly look at the newest ones.
 */
export function useShowMore<T>(
  items: readonly T[],
  step: number,
  {
    resetKey,
    unread = 0,
  }: {
    /** A new key (a changed filter) starts again from `step`: a new list, a new first page. */
    resetKey?: string | undefined;
    /** More items not read yet (a shared history still arriving): they count as hidden. */
    unread?: number | undefined;
  } = {},
) {
  const [state, setState] = useState({ limit: step, key: resetKey });
  // Reset while rendering, not in an effect, so the longer list is never drawn even once.
  let limit = state.limit;
  if (state.key !== resetKey) {
    limit = step;
    setState({ limit, key: resetKey });
  }
  return {
    shown: items.length > limit ? items.slice(0, limit) : items,
    hidden: Math.max(0, items.length + unread - limit),
    showMore: () => setState((current) => ({ ...current, limit: current.limit + step })),
  };
}
