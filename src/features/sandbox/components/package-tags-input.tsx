import clsx from 'clsx';
import {
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { addPackages, removePackage } from '../package-tags';

interface PackageTagsInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  /** The field's own error (schema or service), as opposed to a refused tag. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

interface Notice {
  text: string;
  refused: boolean;
}

/** A text input that turns names into removable chips: Enter or comma adds, Backspace removes. */
export function PackageTagsInput({ value, onChange, onBlur, error, ref }: PackageTagsInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const refused = notice?.refused ? notice.text : null;
  // The form focuses the field on an error through this ref.
  useImperativeHandle(ref, () => inputRef.current!, []);

  /** Adds what `text` names; whatever the rule refused stays in the input, before `keep`. */
  const commit = (text: string, keep = '') => {
    const update = addPackages(value, text);
    if (update.added.length > 0) onChange(update.tags);
    setDraft([update.rest, keep].filter(Boolean).join(' '));
    setNotice(
      update.problem
        ? { text: update.problem, refused: true }
        : { text: `Added ${update.added.join(', ')}.`, refused: false },
    );
  };

  const remove = (name: string) => {
    onChange(removePackage(value, name));
    setNotice({ text: `Removed ${name}.`, refused: false });
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      // The form submits on Ctrl+Enter: a name still being typed goes with it.
      if (draft.trim()) commit(draft);
    } else if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      remove(value.at(-1)!);
    }
  };

  // Virtual keyboards often send no usable key for the comma, so it is caught here as well.
  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    const cut = text.lastIndexOf(',');
    if (cut === -1) setDraft(text);
    else commit(text.slice(0, cut), text.slice(cut + 1).trimStart());
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!/[\s,]/.test(pasted)) return;
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    commit(
      draft.slice(0, selectionStart ?? draft.length) +
        pasted +
        draft.slice(selectionEnd ?? draft.length),
    );
  };

  const describedBy = [`${id}-hint`, refused && `${id}-notice`, error && `${id}-error`];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        Packages
      </label>
      <div
        className={clsx(
          'mt-1 flex flex-wrap items-center gap-1.5 rounded-lg border bg-white px-2 py-1.5 shadow-xs max-md:py-0.5 focus-within:outline-2 focus-within:outline-brand-500 dark:bg-zinc-900',
          error ? 'border-red-500' : 'border-zinc-300 dark:border-zinc-700',
        )}
      >
        {value.length > 0 && (
          <ul aria-label="Chosen packages" className="contents">
            {value.map((name) => (
              <li
                key={name}
                className="inline-flex max-w-full items-center gap-0.5 rounded-full bg-zinc-100 py-0.5 pr-0.5 pl-2.5 font-mono text-xs dark:bg-zinc-800"
              >
                <span className="truncate">{name}</span>
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  title={`Remove ${name}`}
                  onClick={() => remove(name)}
                  className="inline-flex size-5 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    className="size-3"
                    stroke="currentColor"
                    strokeWidth="2"
                  >
                    <path d="m5 5 10 10M15 5 5 15" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          ref={inputRef}
          value={draft}
          onChange={onInput}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            if (draft.trim()) commit(draft);
            onBlur?.();
          }}
          autoComplete="off"
          spellCheck={false}
          placeholder={value.length === 0 ? 'numpy, pandas==2.2' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy.filter(Boolean).join(' ')}
          className="min-w-32 flex-1 bg-transparent px-1 py-0.5 text-sm outline-none placeholder:text-zinc-400 max-md:min-h-10"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        Enter or comma adds a package; a version such as <code>numpy==2.1</code> or{' '}
        <code>@scope/pkg@1.2</code> is fine.
      </p>
      {/* Always rendered: a live region must exist before its text changes to be announced. */}
      <p
        id={`${id}-notice`}
        role="status"
        className={
          refused ? 'mt-1 text-xs font-medium text-amber-700 dark:text-amber-400' : 'sr-only'
        }
      >
        {notice?.text}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
