import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { VoiceScope } from '../../../api/contract/voices';
import { Button } from '../../../components/button';
import { VoiceCardSkeleton } from './voice-card-skeleton';

/** Placeholder cards in the grid's shape while the catalog loads. */
export function VoiceGridSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading voices…</span>
      <div
        aria-hidden="true"
        className="grid gap-4 sm:grid-cols-[repeat(auto-fill,minmax(300px,1fr))]"
      >
        {Array.from({ length: cards }, (_, index) => (
          <div key={index} className="h-[300px]">
            <VoiceCardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}

function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        className="size-10 text-zinc-400"
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M12 18.75a6 6 0 0 0 6-6v-1.5m-6 7.5a6 6 0 0 1-6-6v-1.5m6 7.5v3.75m-3.75 0h7.5M12 15.75a3 3 0 0 1-3-3V4.5a3 3 0 1 1 6 0v8.25a3 3 0 0 1-3 3Z"
        />
      </svg>
      <h3 className="mt-3 text-base font-semibold">{title}</h3>
      <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      <div className="mt-5">{action}</div>
    </div>
  );
}

const emptyScopes: Record<VoiceScope, { title: string; text: string }> = {
  all: { title: 'No voices yet', text: 'The service returned an empty catalog.' },
  generic: { title: 'No generic voices', text: 'The service returned no built-in voices.' },
  custom: {
    title: 'No custom voices yet',
    text: 'Voices you train from your own recordings appear here, ready for speech.',
  },
  celebrity: {
    title: 'No celebrity voices',
    text: 'Curated celebrity references are not available to this account.',
  },
};

/** The catalog itself is empty for this scope (before any of the page's own filters). */
export function EmptyCatalog({ scope }: { scope: VoiceScope }) {
  const copy = emptyScopes[scope];
  return (
    <EmptyState
      title={copy.title}
      action={
        scope === 'custom' ? (
          <Link
            to="/train"
            className="inline-flex items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Train a custom voice
          </Link>
        ) : scope === 'all' ? (
          <Link
            to="/settings"
            className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100"
          >
            Check the connection
          </Link>
        ) : (
          <Link
            to="/voices"
            search={(prev) => ({ ...prev, scope: 'all' as const })}
            className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100"
          >
            Browse all voices
          </Link>
        )
      }
    >
      {copy.text}
    </EmptyState>
  );
}

/** Voices exist, but none pass the filters. */
export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      title="No voices match these filters"
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      Try another word, fewer tags, or a different language.
    </EmptyState>
  );
}
