import { useSyncExternalStore } from 'react';

// The `dark` class on <html> is the theme as drawn, whichever way it changed: the switch, the
// system's setting, another tab. A canvas paints its colours once, so it watches the class.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isDark = () => document.documentElement.classList.contains('dark');

/** Whether the dark theme is drawn now; renders again when it changes. */
export function useDarkTheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
