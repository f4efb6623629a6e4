import { useCallback, useSyncExternalStore } from 'react';
import { isChosenTheme, themeCookie } from '../api/contract/theme-cookie';
import { setGatewayCookie } from './gateway-cookie';

export type ThemePreference = 'system' | 'light' | 'dark';
export const themePreferences: ThemePreference[] = ['system', 'light', 'dark'];

const storageKey = 'media-studio.theme';
const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(storageKey);
    return isChosenTheme(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/**
 * The choice as the gateway wrote it into this page (the root element's `data-theme`), which
 * index.html's inline script drew before the first paint (../api/contract/theme-cookie.ts).
 */
function drawnPreference(): ThemePreference {
  const drawn = document.documentElement.dataset.theme;
  return isChosenTheme(drawn) ? drawn : 'system';
}

/**
 * Tells the gateway the choice, for the pages it sends next, and marks this page with it. `Lax`,
 * so a page opened from a link elsewhere (a notification's) is drawn in the chosen theme too.
 */
function tellGateway(preference: ThemePreference) {
  const root = document.documentElement;
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
  setGatewayCookie(themeCookie, preference === 'system' ? null : preference, 'Lax');
}

export function applyTheme(preference: ThemePreference = readPreference()): void {
  const dark =
    preference === 'dark' || (preference === 'system' && window.matchMedia?.(darkQuery).matches);
  document.documentElement.classList.toggle('dark', Boolean(dark));
}

/**
 * Applies the saved theme as the app starts. A page drawn with another choice than the one saved
 * (the choice made before the gateway read it, or its cookie cleared) is drawn right from the
 * next load on.
 */
export function startTheme(): void {
  const preference = readPreference();
  if (preference !== drawnPreference()) tellGateway(preference);
  applyTheme(preference);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia?.(darkQuery);
  const onSystemChange = () => applyTheme();
  media?.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', onSystemChange);
  };
}

export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'system' as const);
  const setPreference = useCallback((next: ThemePreference) => {
    localStorage.setItem(storageKey, next);
    tellGateway(next);
    applyTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  return [preference, setPreference];
}
