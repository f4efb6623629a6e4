import clsx from 'clsx';
import { badgeLabels, type VoiceBadge } from '../voice-display';

const badgeStyles: Record<VoiceBadge, string> = {
  default:
    'bg-brand-50 text-brand-700 ring-brand-500/30 dark:bg-brand-500/15 dark:text-brand-100 dark:ring-brand-500/40',
  custom:
    'bg-amber-50 text-amber-800 ring-amber-600/25 dark:bg-amber-400/10 dark:text-amber-200 dark:ring-amber-400/30',
  designed:
    'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-600/20 dark:bg-fuchsia-400/10 dark:text-fuchsia-200 dark:ring-fuchsia-400/30',
  precompiled:
    'bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-400/10 dark:text-emerald-200 dark:ring-emerald-400/30',
};

const badgeHints: Record<VoiceBadge, string> = {
  default: 'Used when a request names no voice',
  custom: 'Created in this account by cloning, design or training',
  designed: 'Saved from voice design',
  precompiled: 'Ready at once: no warm-up before the first request',
};

export function VoiceBadges({ badges }: { badges: readonly VoiceBadge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Badges" className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <li
          key={badge}
          title={badgeHints[badge]}
          className={clsx(
            'rounded-md px-1.5 py-0.5 text-[11px] leading-4 font-medium ring-1 ring-inset',
            badgeStyles[badge],
          )}
        >
          {badgeLabels[badge]}
        </li>
      ))}
    </ul>
  );
}
