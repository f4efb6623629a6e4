import { once } from './once';

const dateFormat = once(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

/** "just now", "2 min ago", "3 h ago", "4 days ago", then the date itself. */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (!Number.isFinite(seconds)) return iso;
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days < 30) return days === 1 ? 'yesterday' : `${days} days ago`;
  return dateFormat().format(new Date(iso));
}
