/** Where a picker's chevron sits: over the end of the input, a 44 px target on a phone. */
export const chevronClass =
  'absolute inset-y-0 right-0 flex min-w-11 items-center justify-center px-2.5 text-zinc-500 md:min-w-0';

export function ChevronIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
    </svg>
  );
}
