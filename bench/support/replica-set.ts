import { historyImportPath } from '../../src/api/contract/history-paths';
import type { HistoryImportEntry, HistoryImportResponse } from '../../src/api/contract/history';
import { startServer, type BenchServer } from './server';

export interface ReplicaSet {
  replicas: BenchServer[];
  stop: () => Promise<void>;
}

/**
 * `count` gateways on one PostgreSQL database (DATABASE_URL) in front of `upstream`, started
 * together as a deployment rolls them out; all stopped again if one fails to start.
 */
export async function startReplicas(options: {
  rootDir: string;
  log: (line: string) => void;
  databaseUrl: string;
  upstream: string;
  count: number;
}): Promise<ReplicaSet> {
  const started = await Promise.allSettled(
    Array.from({ length: options.count }, () =>
      startServer({
        rootDir: options.rootDir,
        log: options.log,
        env: {
          DATABASE_URL: options.databaseUrl,
          API_BASE_URL: options.upstream,
          API_KEY: 'bench',
          STACK_ID: 'bench',
        },
      }),
    ),
  );
  const replicas = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { replicas, stop };
}

/** What a replica's status says of the poller: it leads, or it stands by. */
export async function pollerRole(replica: BenchServer): Promise<string> {
  const response = await fetch(`${replica.url}/api/gateway/status`, {
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { poller?: string };
  return body.poller ?? 'none';
}

/** Entries imported through one replica's `POST /api/history/import`; fails unless all are new. */
export async function importEntries(replica: BenchServer, entries: HistoryImportEntry[]) {
  const response = await fetch(`${replica.url}${historyImportPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ entries }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as HistoryImportResponse;
  if (!response.ok || body.imported.length !== entries.length)
    throw new Error(`import at ${replica.url}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}
