import clsx from 'clsx';
import { verdictText, type Verdict } from '../../lib/audio/clip-verdicts';

/** Each verdict has its own shape as well as its colour, so it never rests on colour alone. */
const looks: Record<Verdict, { path: string; className: string }> = {
  good: { path: 'M4 8.5l2.5 2.5L12 5.5', className: 'text-emerald-700 dark:text-emerald-400' },
  fix: { path: 'M8 4v5M8 11.5v.5', className: 'text-amber-700 dark:text-amber-300' },
  unusable: { path: 'M5 5l6 6M11 5l-6 6', className: 'text-red-700 dark:text-red-400' },
};

/** The verdict's icon: an SVG, so the element's text stays the verdict's words alone. */
export function VerdictIcon({ verdict, className }: { verdict: Verdict; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={clsx('size-3.5 shrink-0', looks[verdict].className, className)}
    >
      {verdict === 'good' ? (
        <circle cx="8" cy="8" r="7" strokeWidth={1.25} />
      ) : verdict === 'fix' ? (
        <path d="M8 1.5L15 14H1z" strokeWidth={1.25} />
      ) : (
        <rect x="1" y="1" width="14" height="14" rx="2" strokeWidth={1.25} />
      )}
      <path d={looks[verdict].path} />
    </svg>
  );
}

/** "Good", "Fix this", "Unusable" with its icon and colour. */
export function VerdictBadge({ verdict, className }: { verdict: Verdict; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 font-medium',
        looks[verdict].className,
        className,
      )}
    >
      <VerdictIcon verdict={verdict} />
      {verdictText(verdict)}
    </span>
  );
}
