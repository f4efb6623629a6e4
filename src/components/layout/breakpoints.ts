/** Tailwind's `md`: from there on the sidebar shows, and the phone's top bar does not. */
export const desktopQuery = '(min-width: 48rem)';
