export { StatusBadge } from '../../../components/job-status-badge';

export function StalledBadge() {
  return (
    <span
      title="Progress has not moved for at least 10 polls and a minute"
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100"
    >
      Stalled
    </span>
  );
}
