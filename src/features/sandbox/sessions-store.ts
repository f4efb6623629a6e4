import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { sandboxLanguages } from '../../api/contract/sandbox';

/**
 * The sandboxes created from this browser. The service has no list endpoint, so this is the
 * only record of them; enough for a working history without the store growing for ever.
 */
export const sessionsLimit = 200;

export const sandboxSessionSchema = z.object({
  sandbox_id: z.string().min(1),
  status: z.string(),
  /** As sent, which the service echoes: the row's curl repeats the request that made it. */
  language: z.enum(sandboxLanguages),
  /** ISO 8601, from the service. */
  created_at: z.string(),
  packages: z.array(z.string()),
  trace_id: z.string().optional(),
  /** Sort key: strictly increasing even for several sessions in the same millisecond. */
  order: z.number(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
export type NewSandboxSession = Omit<SandboxSession, 'order'>;

let store: UseStore | null = null;
// Opened on first use, not at import, so tests can install an IndexedDB first.
function sessionsStore(): UseStore {
  store ??= createStore('media-studio-sandbox', 'sessions');
  return store;
}

let lastOrder = 0;
function nextOrder(): number {
  lastOrder = Math.max(Date.now(), lastOrder + 1);
  return lastOrder;
}

/** Newest first; rows that no longer match the schema (an older app version) are skipped. */
async function allSessions(): Promise<SandboxSession[]> {
  const rows = await entries<string, unknown>(sessionsStore());
  return rows
    .flatMap(([, row]) => {
      const parsed = sandboxSessionSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.order - a.order);
}

export async function listSessions(): Promise<SandboxSession[]> {
  return (await allSessions()).slice(0, sessionsLimit);
}

/** Records one sandbox and drops the oldest beyond the limit. */
export async function addSession(input: NewSandboxSession): Promise<SandboxSession> {
  const session = sandboxSessionSchema.parse({ ...input, order: nextOrder() });
  await set(session.sandbox_id, session, sessionsStore());
  const excess = (await allSessions()).slice(sessionsLimit);
  await Promise.all(excess.map((old) => del(old.sandbox_id, sessionsStore())));
  return session;
}

/** Forgets a sandbox in this browser only: the service keeps it. */
export async function removeSession(sandboxId: string): Promise<void> {
  await del(sandboxId, sessionsStore());
}

export async function clearSessions(): Promise<void> {
  await clear(sessionsStore());
}
