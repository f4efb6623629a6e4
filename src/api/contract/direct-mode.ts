// No zod here: the connection settings write it in the entry chunk, and the gateway reads it.

/**
 * The cookie of a browser in direct mode (src/lib/connection-settings.ts). Such a browser shows
 * its own history, not the gateway's, so the gateway sends it the pages as built instead of
 * drawn with the gateway's history (server/live-pages), which it would show for a moment.
 */
export const directModeCookie = 'media-studio-direct';
