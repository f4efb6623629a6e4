// No zod here: the router checks the lists' URL filters with this in the entry chunk.

/** Who sent the creation: the dashboard marks its own calls; anything else is another client. */
export const historySources = ['dashboard', 'client'] as const;
export type HistorySource = (typeof historySources)[number];
