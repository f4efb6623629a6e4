import type { ReactNode } from 'react';

/** Classes for a tab inside TabStrip; the selected one is marked by aria-selected. */
export const tabClassName =
  'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap md:min-h-0 md:px-4 aria-selected:bg-white aria-selected:shadow-sm dark:aria-selected:bg-zinc-700';

/**
 * The segmented tab list of a page whose tabs live in the URL: each tab is a router Link with
 * role="tab", so the back button and shared links open the same tab.
 */
export function TabStrip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="tablist"
      aria-label={label}
      // A strip wider than a phone scrolls inside itself, never the page.
      className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-zinc-200/70 p-1 dark:bg-zinc-800"
    >
      {children}
    </div>
  );
}
