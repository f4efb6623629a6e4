import clsx from 'clsx';
import { useState } from 'react';

/** Enough to show the common use cases at a glance; the long tail is one click away. */
const collapsedCount = 12;

interface TagChipsProps {
  /** The catalog's tags, most used first. */
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
}

export function TagChips({ tags, selected, onToggle }: TagChipsProps) {
  const [expanded, setExpanded] = useState(false);
  if (tags.length === 0 && selected.length === 0) return null;
  const head = tags.slice(0, collapsedCount);
  // A selected tag stays visible even when collapsed or absent here, so it can always be turned off.
  const base = expanded ? tags : head;
  const shown = [...base, ...selected.filter((tag) => !base.includes(tag))];
  const hidden = tags.length - head.length;

  return (
    <div role="group" aria-label="Tags" className="flex flex-wrap items-center gap-1.5">
      {shown.map((tag) => {
        const pressed = selected.includes(tag);
        return (
          <button
            key={tag}
            type="button"
            aria-pressed={pressed}
            onClick={() => onToggle(tag)}
            className={clsx(
              'inline-flex h-7 items-center gap-1 rounded-full border px-3 text-xs font-medium transition-colors',
              pressed
                ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
                : 'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-zinc-500 dark:hover:bg-zinc-800',
            )}
          >
            {pressed && (
              <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3">
                <path
                  fillRule="evenodd"
                  d="M12.42 4.2a.75.75 0 0 1 .13 1.05l-5 6.5a.75.75 0 0 1-1.12.08l-3-3a.75.75 0 1 1 1.06-1.06l2.4 2.4 4.48-5.84a.75.75 0 0 1 1.05-.13Z"
                  clipRule="evenodd"
                />
              </svg>
            )}
            {tag}
          </button>
        );
      })}
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="h-7 rounded-full px-2 text-xs font-medium text-brand-600 hover:underline dark:text-brand-100"
        >
          {expanded ? 'Fewer tags' : `${hidden} more tags`}
        </button>
      )}
    </div>
  );
}
