// No zod here: the history's event stream opens with every page, before any schema loads.

/**
 * The gateway's own history endpoints, outside the service's /v1 API (like the gateway
 * status): every creation that passed through the gateway, whoever sent it, with the latest
 * status the gateway's one poller read. Shared by the browser and the server.
 */
export const historyPath = '/api/history';
export const historyEventsPath = '/api/history/events';
export const historyImportPath = '/api/history/import';
/** Everyone who started an entry: the choices of a "started by" filter. */
export const historyPeoplePath = '/api/history/people';
export const historyEntryPath = (id: string) => `${historyPath}/${encodeURIComponent(id)}`;
/** The bytes of a synchronous speech result, kept by the gateway (the service returns them inline). */
export const historyAudioPath = (id: string) => `${historyEntryPath(id)}/audio`;

/** The request header the dashboard's client sends in gateway mode; never forwarded upstream. */
export const historySourceHeader = 'x-media-studio-client';

/**
 * Names one creation the dashboard started (a training start, with its uploads): the gateway
 * answers a repeat with the same key with its first answer instead of creating again, so a start
 * resumed after a reload finishes exactly once. Never forwarded upstream.
 */
export const startKeyHeader = 'idempotency-key';
