// No zod here: the app reads these limits as it starts, before any schema of the history loads.

/** The longest start key the gateway keeps (as the generation endpoints' idempotency key). */
export const startKeyMaxLength = 240;

/** The most entries one request to import into the history may carry. */
export const historyImportMaxEntries = 100;
