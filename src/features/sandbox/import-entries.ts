import type { HistoryImportEntry } from '../../api/contract/history';
import { listSessions } from './sessions-store';

/** The sandboxes created from this browser before the gateway kept them, as history entries. */
export async function sandboxImportEntries(): Promise<HistoryImportEntry[]> {
  const sessions = await listSessions();
  return sessions.map((session) => ({
    id: session.sandbox_id,
    kind: 'sandbox',
    name: `${session.language} sandbox`,
    params: { language: session.language, packages: session.packages },
    created_at: session.created_at,
    status: session.status,
    latest: {
      sandbox_id: session.sandbox_id,
      status: session.status,
      language: session.language,
      created_at: session.created_at,
    },
    result: null,
    cost: null,
    error: null,
    readings: [],
  }));
}
