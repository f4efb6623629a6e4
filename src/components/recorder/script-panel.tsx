import { useId, useState } from 'react';
import { readingScripts, scriptFor, scriptPage } from '../../lib/reading-scripts';

const storageKey = 'media-studio.script-language';

/** The language chosen last time, else the browser's. */
function initialLanguage(): string {
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(storageKey);
  } catch {
    // Storage off: the browser's languages decide.
  }
  const preferred = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [])];
  if (typeof navigator !== 'undefined' && navigator.language) preferred.push(navigator.language);
  return scriptFor(chosen ? [chosen, ...preferred] : preferred).language;
}

/** A few sentences to read aloud, in the chosen language; "Next sentences" offers others. */
export function ScriptPanel() {
  const selectId = useId();
  const [language, setLanguage] = useState(initialLanguage);
  const [page, setPage] = useState(0);
  const script = scriptFor([language]);

  function choose(next: string) {
    setLanguage(next);
    setPage(0);
    try {
      localStorage.setItem(storageKey, next);
    } catch {
      // The choice lasts for this dialog.
    }
  }

  return (
    <section
      aria-labelledby={`${selectId}-title`}
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-3 dark:border-zinc-800 dark:bg-zinc-950"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${selectId}-title`} className="text-sm font-semibold">
          Read aloud
        </h3>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={selectId}>Script language</label>
          <select
            id={selectId}
            value={script.language}
            onChange={(event) => choose(event.target.value)}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          >
            {readingScripts.map((option) => (
              <option key={option.language} value={option.language} lang={option.language}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ol lang={script.language} className="mt-2 space-y-1 text-base leading-relaxed">
        {scriptPage(script, page).map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => setPage((current) => current + 1)}
        className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
      >
        Next sentences
      </button>
    </section>
  );
}
