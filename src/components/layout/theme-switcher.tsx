import { useId } from 'react';
import { themePreferences, useTheme, type ThemePreference } from '../../lib/theme';

const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** A radio group, so the choice is announced and arrow keys move between the options. */
export function ThemeSwitcher() {
  const [preference, setPreference] = useTheme();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">Theme</legend>
      <div className="flex rounded-lg bg-zinc-200/70 p-0.5 dark:bg-zinc-800">
        {themePreferences.map((option) => (
          <label
            key={option}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md px-2 py-1 text-center text-xs md:min-h-0 has-checked:bg-white has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:has-checked:bg-zinc-700"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={preference === option}
              onChange={() => setPreference(option)}
              className="sr-only"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
