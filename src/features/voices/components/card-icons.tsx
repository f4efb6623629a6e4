/**
 * Small inline icons of the voice cards and tag chips; decorative, so hidden from assistive
 * technology.
 */
export function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3.5">
      <path d="M8.75 3.75a.75.75 0 0 0-1.5 0v3.5h-3.5a.75.75 0 0 0 0 1.5h3.5v3.5a.75.75 0 0 0 1.5 0v-3.5h3.5a.75.75 0 0 0 0-1.5h-3.5v-3.5Z" />
    </svg>
  );
}

export function CheckIcon({ className = 'size-3.5' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className={className}>
      <path
        fillRule="evenodd"
        d="M12.42 4.2a.75.75 0 0 1 .13 1.05l-5 6.5a.75.75 0 0 1-1.12.08l-3-3a.75.75 0 1 1 1.06-1.06l2.4 2.4 4.48-5.84a.75.75 0 0 1 1.05-.13Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function UsageIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3.5">
      <path d="M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM12.74 12.55A.8.8 0 0 0 13 11.9 5 5 0 0 0 3 11.9a.8.8 0 0 0 .26.65A7 7 0 0 0 8 14a7 7 0 0 0 4.74-1.45Z" />
    </svg>
  );
}
