import { useState } from 'react';

/**
 * The tabs shown so far, the current one included. A tab's content mounts when first shown and
 * then stays mounted, so what was typed or produced there survives a look at another tab, while
 * tabs never opened cost nothing when the page loads (on a phone, mounting every form of a page
 * at once blocked its main thread for a third of a second).
 */
export function useOpened<T>(current: T): ReadonlySet<T> {
  const [opened, setOpened] = useState<ReadonlySet<T>>(() => new Set([current]));
  if (opened.has(current)) return opened;
  // Updating state while rendering: React renders again at once, before painting anything.
  const next = new Set(opened).add(current);
  setOpened(next);
  return next;
}
