import { isChosenTheme, type ChosenTheme } from '../src/api/contract/theme-cookie';

/** The theme a cookie's value chose, or null for the system's (none, or anything else). */
export const chosenTheme = (cookie: string | undefined): ChosenTheme | null =>
  isChosenTheme(cookie) ? cookie : null;

/**
 * A page of the app with the browser's chosen theme written into its root element, where
 * index.html's inline theme script reads it before the first paint
 * (../src/api/contract/theme-cookie.ts). A page without a root element is left as it is.
 */
export function withTheme(html: string, theme: ChosenTheme): string {
  return html.replace(/<html\b/i, `<html data-theme="${theme}"`);
}
