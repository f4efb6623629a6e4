const storageKey = 'media-studio.budget-notices-dismissed';

/** The notices dismissed in this browser (budget-notices.ts keys), of any month. */
export function readDismissed(): Set<string> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return new Set(
      Array.isArray(saved) ? saved.filter((key): key is string => typeof key === 'string') : [],
    );
  } catch {
    // Storage off or a value not ours: nothing is dismissed.
    return new Set();
  }
}

/**
 * Remembers a dismissed notice. Keys end with their month: those of other months are dropped
 * as this one is added, so the list never grows past a month's few notices.
 */
export function dismissNotice(key: string): Set<string> {
  const month = key.slice(key.lastIndexOf(':') + 1);
  const kept = [...readDismissed()].filter((saved) => saved.endsWith(`:${month}`));
  const next = new Set([...kept, key]);
  try {
    localStorage.setItem(storageKey, JSON.stringify([...next]));
  } catch {
    // Storage full or off: dismissed until the page reloads.
  }
  return next;
}
