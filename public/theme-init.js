// Kept in sync with src/lib/theme.ts (storage key and class name).
(() => {
  try {
    const saved = localStorage.getItem('media-studio.theme');
    const dark =
      saved === 'dark' ||
      (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage unavailable: the app applies the system theme when it starts.
  }
})();
