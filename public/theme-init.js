// Kept in sync with src/lib/theme.ts (storage key and class name).
(function () {
  try {
    var saved = localStorage.getItem('media-studio.theme');
    var dark =
      saved === 'dark' ||
      ((saved === null || saved === 'system') &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    /* storage unavailable: follow the system through CSS only */
  }
})();
