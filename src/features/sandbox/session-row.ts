import type { HistoryEntry, HistorySource, HistoryStarter } from '../../api/contract/history';
import type { SandboxSession } from './sessions-store';

/** One row of the sandboxes table, from this browser's store or the gateway's history. */
export interface SessionRow {
  sandbox_id: string;
  /** As sent; another client may have sent a language the service refused. */
  language: string;
  packages: string[];
  status: string;
  /** ISO 8601. */
  created_at: string;
  /** The body as sent, so the row's curl repeats the request that made it. */
  request: Record<string, unknown>;
  /** In gateway mode, who sent it: this dashboard (in any browser) or another client. */
  source?: HistorySource;
  /** In gateway mode, who created it, when they were signed in. */
  startedBy?: HistoryStarter | null;
  /** Why the service refused it, for a failed request the gateway recorded. */
  error?: string;
}

export function rowFromSession(session: SandboxSession): SessionRow {
  const { sandbox_id, language, packages, status, created_at } = session;
  return { sandbox_id, language, packages, status, created_at, request: { language, packages } };
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A sandbox of the gateway's history: `params` is the body as sent, `latest` the service's
 * answer. A refused request has no sandbox; its row carries the gateway's own id and the error.
 */
export function rowFromHistory(entry: HistoryEntry): SessionRow {
  const { params, latest } = entry;
  const packages = Array.isArray(params.packages)
    ? params.packages.filter((name): name is string => typeof name === 'string')
    : [];
  return {
    sandbox_id: entry.id,
    language: text(params.language) ?? text(latest?.language) ?? '',
    packages,
    status: entry.status,
    created_at: text(latest?.created_at) ?? entry.created_at,
    request: params,
    source: entry.source,
    ...(entry.started_by && { startedBy: entry.started_by }),
    ...(entry.error && { error: `${entry.error.code}: ${entry.error.message}` }),
  };
}

const mapped = new WeakMap<HistoryEntry, SessionRow>();

/** The same entry object gives the same row object. */
export function cachedRowFromHistory(entry: HistoryEntry): SessionRow {
  let row = mapped.get(entry);
  if (!row) {
    row = rowFromHistory(entry);
    mapped.set(entry, row);
  }
  return row;
}
