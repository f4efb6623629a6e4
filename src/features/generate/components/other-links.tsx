import type { MediaItem } from '../extract-media';

/** URLs of unknown kind: plain links, opened elsewhere, shown as the URL itself. */
export function OtherLinks({ links }: { links: MediaItem[] }) {
  return (
    <ul className="space-y-1 rounded-xl border border-zinc-200 bg-white p-3 text-sm dark:border-zinc-800 dark:bg-zinc-900">
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
