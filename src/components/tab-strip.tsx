import type { ReactNode } from 'react';

/** Classes for a tab inside TabStrip; the selected one is marked by aria-selected. */
export const tabClassName =
  'rounded-md px-4 py-1.5 text-sm font-medium aria-selected:bg-white aria-selected:shadow-sm dark:aria-selected:bg-zinc-700';

/**
 * The segmented tab list of a page whose tabs live in the URL: each tab is a router Link with
 * role="tab", so the back button and shared links open the same tab.
 */
export function TabStrip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="inline-flex gap-1 rounded-lg bg-zinc-200/70 p-1 dark:bg-zinc-800"
    >
      {children}
    </div>
  );
}
