import type { ReactNode } from 'react';

/** Advice that never blocks a submit: recommendations, level hints, flagged files. */
export function WarningList({ warnings, label }: { warnings: readonly string[]; label: string }) {
  if (warnings.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {warnings.map((warning) => (
        <li key={warning} className="flex gap-2">
          <span aria-hidden="true">⚠</span>
          <span>{warning}</span>
        </li>
      ))}
    </ul>
  );
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/** "Recommended: 3 to 10 clips of 5 to 30 s", with the current state. */
export function RecommendationLine({ children }: { children: ReactNode }) {
  return <p className="text-xs text-zinc-500 dark:text-zinc-400">{children}</p>;
}
