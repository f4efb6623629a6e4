// No zod here: the router checks the Files page's URL with this list in the entry chunk.
export const filePurposes = ['image-input', 'video-input', 'audio-input', 'general'] as const;
export type FilePurpose = (typeof filePurposes)[number];
