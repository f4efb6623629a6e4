import { firstWords } from '../../api/contract/first-words';
import type { HistoryImportEntry } from '../../api/contract/history';

import { extractMedia } from './extract-media';
import { listGenerations } from './history-store';

/** The generations this browser kept before the gateway kept them, as history entries. */
export async function generationImportEntries(): Promise<HistoryImportEntry[]> {
  const entries = await listGenerations();
  return entries.map((entry): HistoryImportEntry => {
    const { outcome } = entry;
    const succeeded = outcome.status === 'succeeded';
    const urls = succeeded ? extractMedia(outcome.data).media.map((item) => item.url) : [];
    return {
      // Local ids are this browser's own: prefixed, so they never meet a service id.
      id: `local_${entry.id}`,
      kind: entry.kind,
      name: firstWords(entry.request.prompt),
      params: { ...entry.request },
      created_at: entry.created_at,
      status: succeeded ? 'completed' : 'failed',
      latest: succeeded ? outcome.data : null,
      result: urls.length > 0 ? { urls, file_ids: [] } : null,
      cost: null,
      error: succeeded ? null : { code: outcome.error.code, message: outcome.error.message },
      readings: [],
    };
  });
}
