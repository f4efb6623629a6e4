import { useEffect, useState } from 'react';

/** Long enough not to rewrite the URL on every keystroke, short enough to feel live. */
export const searchDebounceMs = 250;

interface SearchBoxProps {
  /** The query in the URL. */
  value: string | undefined;
  /** Called with the settled text; undefined when it is empty. */
  onSearch: (q: string | undefined) => void;
}

/**
 * Typing stays local and is written to the URL once it settles. When the URL changes from
 * elsewhere (back button, "Clear filters"), the box follows it.
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [draft, setDraft] = useState(value ?? '');
  // What this box last wrote, so its own URL update is not mistaken for an outside change.
  const [sent, setSent] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setSent(value);
      setDraft(value ?? '');
    }
  }

  useEffect(() => {
    const next = draft.trim() || undefined;
    if (next === (sent?.trim() || undefined)) return;
    const timer = setTimeout(() => {
      setSent(next);
      onSearch(next);
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, sent, onSearch]);

  return (
    <div className="relative min-w-0 flex-1 basis-64">
      <label htmlFor="voice-search" className="sr-only">
        Search voices
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400"
      >
        <path
          fillRule="evenodd"
          d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z"
          clipRule="evenodd"
        />
      </svg>
      <input
        id="voice-search"
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && draft) {
            event.preventDefault();
            setDraft('');
          }
        }}
        maxLength={200}
        placeholder="Search by name, description or tag"
        autoComplete="off"
        spellCheck={false}
        className="block h-11 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-9 text-sm shadow-xs placeholder:text-zinc-400 md:h-10 dark:border-zinc-700 dark:bg-zinc-900"
      />
    </div>
  );
}
