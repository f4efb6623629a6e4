import { Link } from '@tanstack/react-router';
import type { VoiceScope } from '../../../api/contract/voices';

const scopeTabs: Array<{ scope: VoiceScope; label: string }> = [
  { scope: 'all', label: 'All' },
  { scope: 'generic', label: 'Generic' },
  { scope: 'custom', label: 'Custom' },
  { scope: 'celebrity', label: 'Celebrity' },
];

/** Links rather than buttons: each scope is an address, so it can be shared and the back button works. */
export function ScopeTabs({ scope }: { scope: VoiceScope }) {
  return (
    <div
      role="tablist"
      aria-label="Voice scope"
      className="inline-flex max-w-full gap-1 overflow-x-auto rounded-lg bg-zinc-200/70 p-1 dark:bg-zinc-800"
    >
      {scopeTabs.map((tab) => (
        <Link
          key={tab.scope}
          to="/voices"
          search={(prev) => ({ ...prev, scope: tab.scope })}
          role="tab"
          aria-selected={scope === tab.scope}
          aria-controls="voice-results"
          className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-zinc-600 sm:px-4 md:min-h-0 hover:text-zinc-900 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-300 dark:hover:text-white dark:aria-selected:bg-zinc-700 dark:aria-selected:text-white"
        >
          {tab.label}
        </Link>
      ))}
    </div>
  );
}
