/**
 * The app's mark, drawn inline: an `<img>` of the same SVG makes the browser build a whole
 * document for it on the main thread, a few milliseconds of start-up on a phone for a square.
 * The same drawing as public/favicon.svg and the shell in index.html.
 */
export function Logo() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-7 shrink-0">
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path
        d="M9 21V11l7 5 7-5v10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
