import type { SandboxSession } from './session-schema';
import { createBrowserHistory, type NewRecord } from '../../lib/browser-history';
import { localHistoryDatabases } from '../../lib/local-history-databases';

/**
 * The sandboxes created from this browser. The service has no list endpoint, so this is the
 * only record of them; enough for a working history without the store growing for ever.
 */
export const sessionsLimit = 200;

export type { SandboxSession } from './session-schema';
export type NewSandboxSession = NewRecord<SandboxSession>;

const sessions = createBrowserHistory<SandboxSession>({
  database: localHistoryDatabases.sandboxes,
  limit: sessionsLimit,
  idOf: (session) => session.sandbox_id,
  schema: () => import('./session-schema').then((module) => module.sandboxSessionSchema),
});

/** Newest first; rows that no longer match the schema (an older app version) are skipped. */
export const listSessions = () => sessions.list();
/** Records one sandbox and drops the oldest beyond the limit. */
export const addSession = (input: NewSandboxSession) => sessions.add(input);
/** Forgets a sandbox in this browser only: the service keeps it. */
export const removeSession = (sandboxId: string) => sessions.remove(sandboxId);
export const clearSessions = () => sessions.clear();
