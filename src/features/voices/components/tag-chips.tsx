import clsx from 'clsx';
import { useState } from 'react';
import { CheckIcon } from './card-icons';

/** Enough to show the common use cases at a glance; the long tail is one click away. */
const collapsedCount = 12;

interface TagChipsProps {
  /** The catalog's tags, most used first. */
  tags: readonly string[];
  selected: readonly string[];
  onToggle: (tag: string) => void;
  /** The tags are still being counted: the row keeps its place, so the list below stays put. */
  loading?: boolean;
}

/**
 * The catalog's tags as toggle chips: collapsed, the most used on one line that scrolls
 * sideways (its height never depends on the tags, so nothing moves when they arrive); expanded,
 * every tag, wrapping.
 */
export function TagChips({ tags, selected, onToggle, loading = false }: TagChipsProps) {
  const [expanded, setExpanded] = useState(false);
  if (tags.length === 0 && selected.length === 0) {
    return loading ? <div aria-hidden="true" className="h-7 max-md:h-11" /> : null;
  }
  const head = tags.slice(0, collapsedCount);
  // A selected tag stays visible even when collapsed or absent here, so it can always be turned off.
  const base = expanded ? tags : head;
  const shown = [...base, ...selected.filter((tag) => !base.includes(tag))];
  const hidden = tags.length - head.length;

  return (
    <div
      role="group"
      aria-label="Tags"
      className={clsx('flex items-center gap-1.5', expanded && 'flex-wrap')}
    >
      <div
        className={clsx(
          expanded
            ? 'contents'
            : // The padding keeps the chips' focus rings inside the scroller, which clips; the
              // fade at its end says there is more to scroll to.
              '-m-1 flex min-w-0 flex-1 gap-1.5 overflow-x-auto mask-r-from-[calc(100%-1.5rem)] p-1 [scrollbar-width:none]',
        )}
      >
        {shown.map((tag) => {
          const pressed = selected.includes(tag);
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={pressed}
              onClick={() => onToggle(tag)}
              className={clsx(
                'inline-flex h-7 shrink-0 items-center gap-1 rounded-full border max-md:h-11 px-3 text-xs font-medium whitespace-nowrap transition-colors',
                pressed
                  ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
                  : 'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-zinc-500 dark:hover:bg-zinc-800',
              )}
            >
              {pressed && <CheckIcon className="size-3" />}
              {tag}
            </button>
          );
        })}
      </div>
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="h-7 shrink-0 rounded-full px-2 max-md:h-11 text-xs font-medium whitespace-nowrap text-brand-600 hover:underline dark:text-brand-100"
        >
          {expanded ? 'Fewer tags' : `${hidden} more tags`}
        </button>
      )}
    </div>
  );
}
