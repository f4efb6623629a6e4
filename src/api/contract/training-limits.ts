// No zod here: the training forms show these limits as they draw; the schemas that enforce
// them (common.ts, training.ts) load when a form first validates.

/** 64 keeps names readable in URLs and file names; the spec gives no maximum (docs/api-decisions.md). */
export const snakeCaseNameMaxLength = 64;

/** The spec recommends 3 to 10 clips but does not require it: the UI warns, the schema does not. */
export const recommendedReferenceClips = { min: 3, max: 10 } as const;
