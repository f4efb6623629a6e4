import clsx from 'clsx';
import { useId, type CSSProperties } from 'react';
import type { Inbox, InboxItem } from '../../../api/contract/notifications';
import { usePopover } from '../../../lib/use-popover';
import type { InboxScope } from '../queries';
import { InboxList } from './inbox-list';

export type BellPlacement = 'sidebar' | 'bar';

interface InboxPopoverProps {
  placement: BellPlacement;
  /** The count on the bell: what concerns this person, unread. */
  unread: number;
  /** The listed scope's inbox; undefined until it is read. */
  inbox: Inbox | undefined;
  error: Error | null;
  /** The listed scope, and how to change it; null in open mode, where there is one inbox. */
  scope: { value: InboxScope; onChange: (scope: InboxScope) => void } | null;
  onMarkAll: () => void;
  now: number;
  onOpen: (item: InboxItem, path: string | null) => void;
}

const scopes: { value: InboxScope; label: string }[] = [
  { value: 'mine', label: 'Mine' },
  { value: 'everyone', label: 'Everyone' },
];

/**
 * Opened, the focus goes to the newest item (what the bell was opened for), or to the panel's
 * first control when there is none; Tab goes on from there and Escape returns to the bell.
 */
const newestOrFirst = (panel: HTMLElement) =>
  panel.querySelector<HTMLElement>('ul a[href]') ??
  panel.querySelector<HTMLElement>('button, input');

/**
 * Below the bell: from its left edge in the sidebar, against the window's right edge in the
 * phone's top bar (a 20rem panel from the bell's own edge would run off a narrow screen).
 */
function panelPlace(where: BellPlacement, anchor: DOMRect | null): CSSProperties {
  const top = `${(anchor?.bottom ?? 0) + 4}px`;
  return where === 'sidebar'
    ? { top, left: `min(${anchor?.left ?? 0}px, calc(100vw - 20.5rem))`, right: 'auto' }
    : { top, left: 'auto', right: '0.5rem' };
}

/** The shell's bell: how many job endings wait unread, and the latest of them in a popover. */
export function InboxPopover({
  placement,
  unread,
  inbox,
  error,
  scope,
  onMarkAll,
  now,
  onOpen,
}: InboxPopoverProps) {
  const headingId = useId();
  const popover = usePopover({ initialFocus: newestOrFirst });
  const listedUnread = inbox?.unread ?? 0;
  return (
    <div>
      <button
        type="button"
        {...popover.buttonProps}
        aria-label={`Notifications, ${unread} unread`}
        className={clsx(
          'relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white',
          placement === 'sidebar' && 'md:min-h-9 md:min-w-9',
        )}
      >
        <BellIcon />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-brand-600 px-1 text-[10px] leading-4 font-semibold text-white tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div
        {...popover.panelProps}
        role="dialog"
        aria-labelledby={headingId}
        style={panelPlace(placement, popover.anchor)}
        // Fixed, in the top layer where there is one: the page under it does not move.
        className="fixed bottom-auto z-50 m-0 w-80 max-w-[calc(100vw-1rem)] overflow-visible rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {popover.open && (
          <>
            <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-3 py-2 dark:border-zinc-800">
              <h2 id={headingId} className="text-sm font-semibold">
                Notifications
              </h2>
              <button
                type="button"
                // aria-disabled: once all is read the focus stays here, and the popover open.
                onClick={() => (listedUnread > 0 || unread > 0) && onMarkAll()}
                aria-disabled={listedUnread === 0 && unread === 0}
                className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 aria-disabled:text-zinc-400 max-md:min-h-11 dark:text-brand-100 dark:hover:bg-zinc-800 dark:aria-disabled:text-zinc-500"
              >
                Mark all as read
              </button>
            </div>
            {scope && <ScopeSwitch name={`${headingId}-scope`} scope={scope} />}
            <div className="max-h-96 overflow-y-auto">
              {error && !inbox ? (
                <p role="alert" className="px-3 py-4 text-sm text-red-700 dark:text-red-400">
                  The notifications could not be read: {error.message}
                </p>
              ) : inbox ? (
                <InboxList items={inbox.items} now={now} onOpen={onOpen} onClose={popover.close} />
              ) : (
                <p role="status" className="px-3 py-4 text-sm text-zinc-500">
                  Reading the notifications…
                </p>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function ScopeSwitch({
  name,
  scope,
}: {
  name: string;
  scope: NonNullable<InboxPopoverProps['scope']>;
}) {
  return (
    <fieldset className="border-b border-zinc-100 px-3 py-2 dark:border-zinc-800">
      <legend className="sr-only">Show notifications of</legend>
      <div className="flex rounded-lg border border-zinc-300 p-0.5 dark:border-zinc-700">
        {scopes.map((option) => (
          <label
            key={option.value}
            className="flex min-h-9 flex-1 cursor-pointer items-center justify-center rounded-md px-2 text-xs font-medium text-zinc-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:text-zinc-300"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={scope.value === option.value}
              onChange={() => scope.onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function BellIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path
        fillRule="evenodd"
        d="M10 2a6 6 0 0 0-6 6c0 1.887-.454 3.665-1.257 5.234a.75.75 0 0 0 .515 1.076 32.91 32.91 0 0 0 3.256.508 3.5 3.5 0 0 0 6.972 0 32.903 32.903 0 0 0 3.256-.508.75.75 0 0 0 .515-1.076A11.448 11.448 0 0 1 16 8a6 6 0 0 0-6-6ZM8.05 14.943a33.54 33.54 0 0 0 3.9 0 2 2 0 0 1-3.9 0Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
