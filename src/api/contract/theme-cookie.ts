// No zod here: the theme setting writes it in the entry chunk, and the gateway reads it.

/**
 * The cookie that tells the gateway the theme a browser chose (src/lib/theme.ts): `light` or
 * `dark`, none for the system's. The gateway writes the choice into each page it sends, as the
 * root element's `data-theme`, and index.html's inline script reads it there before the first
 * paint. That script read it from localStorage before: the first read of a page's storage is a
 * synchronous round trip to the browser's storage, and while the page loads the browser is busy
 * (12–46 ms of the main thread on the bench's slow machine, against a few once the app's code
 * first reads it).
 */
export const themeCookie = 'media-studio-theme';

export type ChosenTheme = 'light' | 'dark';

export const isChosenTheme = (value: unknown): value is ChosenTheme =>
  value === 'light' || value === 'dark';
