/*
 * A waveform's canvas cannot use CSS classes, so its colours come from custom properties that a
 * class on its container sets per theme; the placeholder bars read the same ones.
 */

/** Sets --wave and --wave-progress for the light and the dark theme. */
export const waveThemeClass =
  '[--wave-progress:var(--color-brand-600,#4f46e5)] [--wave:var(--color-zinc-300,#d4d4d8)] dark:[--wave-progress:var(--color-brand-500,#6366f1)] dark:[--wave:var(--color-zinc-600,#52525b)]';

/** wavesurfer's colour options, read from inside such a container; light-theme fallbacks. */
export function readWaveColors(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    waveColor: read('--wave', '#d4d4d8'),
    progressColor: read('--wave-progress', '#4f46e5'),
  };
}

/** The theme is a class on <html> (src/lib/theme.ts): calls onChange when it flips. */
export function watchTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
