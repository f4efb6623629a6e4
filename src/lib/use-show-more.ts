import { useState } from 'react';

/**
 * The newest `step` items of a long list, and more on request. A shared history can hold
 * thousands of entries; drawing them all (each with a player and its buttons) would make the
 * page slow to open and to scroll, while people mostly look at the newest ones.
 */
export function useShowMore<T>(items: readonly T[], step: number) {
  const [limit, setLimit] = useState(step);
  return {
    shown: items.length > limit ? items.slice(0, limit) : items,
    hidden: Math.max(0, items.length - limit),
    showMore: () => setLimit((current) => current + step),
  };
}
