import type { MediaItem } from '../extract-media';

/**
 * URLs as plain links, opened elsewhere, shown as the URL itself: the result's URLs of unknown
 * kind, or (compact) every result URL of a history entry.
 */
export function OtherLinks({ links, compact = false }: { links: MediaItem[]; compact?: boolean }) {
  return (
    <ul
      className={
        compact
          ? 'mt-1 space-y-0.5 text-xs'
          : 'space-y-1 rounded-xl border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900'
      }
    >
      {links.map((link) => (
        <li key={link.url} className="break-all">
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
          >
            {link.url}
          </a>
        </li>
      ))}
    </ul>
  );
}
