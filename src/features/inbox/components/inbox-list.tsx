import clsx from 'clsx';
import type { MouseEvent } from 'react';
import type { InboxItem } from '../../../api/contract/notifications';
import { relativeTime } from '../../../lib/relative-time';
import { safeHttpUrl } from '../../../lib/safe-url';

interface InboxListProps {
  items: readonly InboxItem[];
  now: number;
  /** Marks the item read and goes to its page (a path on the dashboard). */
  onOpen: (item: InboxItem, path: string | null) => void;
  /** Closes the popover, once an item's page opens in the app. */
  onClose: () => void;
}

/**
 * Where an item leads: a page of the dashboard (followed in the app; a gateway that knows its
 * public URL gives it whole), or another http(s) address; anything else (`javascript:`,
 * `//elsewhere`) is no link at all.
 */
function targetOf(url: string): { href: string; path: string | null } | null {
  if (url.startsWith('/') && !url.startsWith('//')) return { href: url, path: url };
  const absolute = safeHttpUrl(url);
  if (!absolute) return null;
  const parsed = new URL(absolute);
  return parsed.origin === window.location.origin
    ? { href: absolute, path: parsed.pathname + parsed.search + parsed.hash }
    : { href: absolute, path: null };
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The newest items, each a link to its job that marks it read. */
export function InboxList({ items, now, onOpen, onClose }: InboxListProps) {
  if (items.length === 0) {
    return (
      <p className="px-3 py-4 text-sm text-zinc-600 dark:text-zinc-400">
        Nothing yet. Jobs that end, fail or get stuck show here.
      </p>
    );
  }
  return (
    <ul aria-label="Notifications" className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {items.map((item) => {
        const target = targetOf(item.url);
        const when = relativeTime(item.at, now);
        // Said in one breath by a screen reader, the dot's meaning included.
        const label = `${item.title}, ${when}${item.read ? '' : ', unread'}`;
        const body = (
          <>
            <span
              aria-hidden="true"
              className={clsx(
                'mt-1.5 size-2 shrink-0 rounded-full',
                item.read ? 'bg-transparent' : 'bg-brand-600',
              )}
            />
            <span className="min-w-0 flex-1">
              <span className="block break-words">{item.title}</span>
              <time
                dateTime={item.at}
                title={item.at}
                className="block text-xs text-zinc-500 dark:text-zinc-400"
              >
                {when}
              </time>
            </span>
          </>
        );
        const rowClass = clsx(
          'flex gap-2 px-3 py-2 text-sm',
          item.read ? 'text-zinc-600 dark:text-zinc-400' : 'font-medium',
        );
        return (
          <li key={item.id}>
            {target ? (
              <a
                href={target.href}
                aria-label={label}
                onClick={(event) => {
                  // A new tab or window keeps this page as it is: only the mark is sent.
                  const inApp = target.path !== null && plainClick(event);
                  if (inApp) event.preventDefault();
                  onOpen(item, inApp ? target.path : null);
                  if (inApp) onClose();
                }}
                className={clsx(rowClass, 'hover:bg-zinc-50 dark:hover:bg-zinc-800')}
              >
                {body}
              </a>
            ) : (
              <div className={rowClass} aria-label={label} role="group">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
