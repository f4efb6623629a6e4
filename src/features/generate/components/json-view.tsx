import { CopyButton } from '../../../components/copy-button';

/**
 * The response data as text, never as HTML. Collapsed when media already shows the result,
 * open when this is all there is to see.
 */
export function JsonView({ value, defaultOpen }: { value: unknown; defaultOpen: boolean }) {
  const json = toJson(value);
  return (
    <details
      open={defaultOpen}
      className="group rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-zinc-700 select-none dark:text-zinc-200">
        Response data
      </summary>
      <div className="relative border-t border-zinc-200 dark:border-zinc-800">
        <div className="absolute top-1 right-1">
          <CopyButton value={json} label="response data" />
        </div>
        <pre className="max-h-96 overflow-auto p-3 pr-12 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200">
          {json}
        </pre>
      </div>
    </details>
  );
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // Unreachable for parsed JSON; a hand-made value might still hold something unprintable.
    return String(value);
  }
}
