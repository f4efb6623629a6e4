/**
 * The IndexedDB databases where this browser kept its own history before the gateway kept it
 * (direct mode still does): one place, so the stores and the import's probe agree on names.
 */
export const localHistoryDatabases = {
  jobs: 'media-studio-jobs',
  generations: 'media-studio-generate',
  speech: 'media-studio-speech',
  uploads: 'media-studio-uploads',
  sandboxes: 'media-studio-sandbox',
} as const;
