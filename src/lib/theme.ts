import { useCallback, useSyncExternalStore } from 'react';

export type ThemePreference = 'system' | 'light' | 'dark';
export const themePreferences: ThemePreference[] = ['system', 'light', 'dark'];

// index.html's inline theme script reads the same key before first paint.
const storageKey = 'media-studio.theme';
const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(storageKey);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(preference: ThemePreference = readPreference()): void {
  const dark =
    preference === 'dark' || (preference === 'system' && window.matchMedia?.(darkQuery).matches);
  document.documentElement.classList.toggle('dark', Boolean(dark));
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
    applyTheme(next);
    listeners.forEach((listener) => listener());
  }, []);
  return [preference, setPreference];
}
