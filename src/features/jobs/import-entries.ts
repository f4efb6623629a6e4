import type { HistoryImportEntry } from '../../api/contract/history';
import { describeErrorDetail } from '../../api/contract/error-detail';
import { listLocalTrackedJobs } from '../../lib/tracked-jobs';
import { listLocalJobReadings } from '../../lib/tracked-jobs-writes';

/** The jobs this browser tracked before the gateway kept them, as entries for its history. */
export async function jobImportEntries(): Promise<HistoryImportEntry[]> {
  const jobs = await listLocalTrackedJobs();
  return Promise.all(
    jobs.map(async (job): Promise<HistoryImportEntry> => {
      const latest = job.latest;
      return {
        id: job.task_id,
        kind: job.kind,
        name: job.name,
        params: { name: job.name },
        created_at: job.created_at,
        status: job.snapshots.at(-1)?.status ?? latest?.status ?? 'queued',
        latest: (latest as Record<string, unknown> | undefined) ?? null,
        result: latest?.asset_url ? { urls: [latest.asset_url], file_ids: [] } : null,
        cost: latest?.total_cost ?? latest?.cost_estimate ?? null,
        error: latest?.error ? describeErrorDetail(latest.error) : null,
        readings: await listLocalJobReadings(job.task_id),
      };
    }),
  );
}
