// No zod here: the router validates the Voices page's URL with this list in the entry chunk.
export const voiceScopes = ['generic', 'custom', 'celebrity', 'all'] as const;

/** Voices saved by voice design carry this tag. */
export const designedVoiceTag = 'designed';
