import { useState } from 'react';
import { curlKeyVariable } from '../api/curl';
import { CopyButton } from './copy-button';

/**
 * "Copy as curl" for one request: the command is shown on demand, so it can be read before
 * it is copied, and the key is always a shell variable.
 */
export function CopyCurlButton({
  command,
  label = 'request',
}: {
  command: string;
  label?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className="text-xs">
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className="min-h-11 rounded-md px-2 py-1 font-medium text-zinc-600 md:min-h-0 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          {open ? 'Hide curl' : 'Show curl'}
        </button>
        <CopyButton value={command} label={`${label} as curl`} />
      </div>
      {open && (
        <figure className="mt-1">
          <pre
            aria-label={`${label} as curl`}
            className="max-h-64 overflow-auto rounded-lg bg-zinc-950 p-3 font-mono text-[11px] leading-relaxed text-zinc-100"
          >
            {command}
          </pre>
          <figcaption className="mt-1 text-zinc-500 dark:text-zinc-400">
            Set <code>{curlKeyVariable}</code> to your API key in the shell first; the key is never
            part of the command.
          </figcaption>
        </figure>
      )}
    </div>
  );
}
