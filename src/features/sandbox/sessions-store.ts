import { z } from 'zod';
import { sandboxLanguages } from '../../api/contract/sandbox';
import { createBrowserHistory, type NewRecord } from '../../lib/browser-history';

/**
 * The sandboxes created from this browser. The service has no list endpoint, so this is the
 * only record of them; enough for a working history without the store growing for ever.
 */
export const sessionsLimit = 200;

export const sandboxSessionSchema = z.object({
  /** The sandbox_id: a session is stored under it. */
  id: z.string().min(1),
  sandbox_id: z.string().min(1),
  status: z.string(),
  /** As sent, which the service echoes: the row's curl repeats the request that made it. */
  language: z.enum(sandboxLanguages),
  /** ISO 8601, from the service. */
  created_at: z.string(),
  packages: z.array(z.string()),
  trace_id: z.string().optional(),
  order: z.number(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
export type NewSandboxSession = NewRecord<SandboxSession>;

const sessions = createBrowserHistory<SandboxSession>({
  database: 'media-studio-sandbox',
  limit: sessionsLimit,
  idOf: (session) => session.sandbox_id,
  schema: sandboxSessionSchema,
});

/** Newest first; rows that no longer match the schema (an older app version) are skipped. */
export const listSessions = () => sessions.list();
/** Records one sandbox and drops the oldest beyond the limit. */
export const addSession = (input: NewSandboxSession) => sessions.add(input);
/** Forgets a sandbox in this browser only: the service keeps it. */
export const removeSession = (sandboxId: string) => sessions.remove(sandboxId);
export const clearSessions = () => sessions.clear();
