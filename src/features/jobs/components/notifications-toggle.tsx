interface NotificationsToggleProps {
  enabled: boolean;
  supported: boolean;
  onChange: (on: boolean) => void;
}

/** Browser notifications for finished jobs; the browser asks for permission when turned on. */
export function NotificationsToggle({ enabled, supported, onChange }: NotificationsToggleProps) {
  if (!supported) return null;
  return (
    <label className="inline-flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
      <input
        type="checkbox"
        checked={enabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-brand-600"
      />
      Browser notifications
    </label>
  );
}
