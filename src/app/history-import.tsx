import { useEffect } from 'react';
import { apiClient } from '../api/api-client';
import type { HistoryImportEntry } from '../api/contract/history';
import { historyImportMaxEntries } from '../api/contract/history-limits';
import { generationImportEntries } from '../features/generate/import-entries';
import { uploadImportEntries } from '../features/files/import-entries';
import { jobImportEntries } from '../features/jobs/import-entries';
import { sandboxImportEntries } from '../features/sandbox/import-entries';
import { speechImportEntries } from '../features/speech/import-entries';
import { readConnection } from '../lib/connection-settings';
import { historyGroups, refreshHistory, type HistoryGroup } from '../lib/server-history';
import { toast } from '../lib/toast';

/** Ids the user said "not now" to: offered again only with new ones. */
const declinedKey = 'media-studio.history-import-declined';
/** Entries per import request: speech takes carry their audio, so batches stay small. */
const batchSize = 10;

function declined(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(declinedKey) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

async function localEntries(): Promise<HistoryImportEntry[]> {
  const lists = await Promise.all(
    [
      jobImportEntries,
      generationImportEntries,
      speechImportEntries,
      uploadImportEntries,
      sandboxImportEntries,
    ].map((read) => read().catch(() => [])),
  );
  return lists.flat();
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The ids the gateway does not have yet (a dry run writes nothing and sends no audio). */
async function unknownIds(entries: readonly HistoryImportEntry[]): Promise<Set<string>> {
  const unknown = new Set<string>();
  for (const batch of batches(entries, historyImportMaxEntries)) {
    const light = batch.map(({ audio_base64: _audio, ...entry }) => entry);
    const answer = await apiClient.importHistory({ dry_run: true, entries: light });
    answer.imported.forEach((id) => unknown.add(id));
  }
  return unknown;
}

async function importEntries(entries: readonly HistoryImportEntry[]): Promise<number> {
  let imported = 0;
  for (const batch of batches(entries, batchSize)) {
    imported += (await apiClient.importHistory({ entries: batch })).imported.length;
  }
  (Object.keys(historyGroups) as HistoryGroup[]).forEach((group) => void refreshHistory(group));
  return imported;
}

/**
 * In gateway mode, offers once to move what this browser kept on its own (before the gateway
 * kept the history) into the shared history. Importing twice creates nothing new: the gateway
 * skips the ids it has.
 */
export function HistoryImportOffer() {
  useEffect(() => {
    if (readConnection().mode !== 'gateway') return;
    let cancelled = false;
    void (async () => {
      const entries = await localEntries();
      if (entries.length === 0) return;
      const unknown = await unknownIds(entries).catch(() => new Set<string>());
      const skip = declined();
      const offered = entries.filter((entry) => unknown.has(entry.id));
      if (cancelled || offered.every((entry) => skip.has(entry.id))) return;
      const count = offered.length;
      toast.message(
        `${count} ${count === 1 ? 'entry' : 'entries'} from this browser are not in the shared history`,
        {
          id: 'history-import',
          description: 'Jobs, generations, speech takes, uploads or sandboxes kept only here.',
          duration: Infinity,
          action: {
            label: 'Import',
            onClick: () => {
              void importEntries(offered).then(
                (n) =>
                  toast.success(
                    `Imported ${n} ${n === 1 ? 'entry' : 'entries'} into the shared history`,
                  ),
                (error: unknown) =>
                  toast.error('The import failed', {
                    description: error instanceof Error ? error.message : String(error),
                  }),
              );
            },
          },
          cancel: {
            label: 'Not now',
            onClick: () =>
              localStorage.setItem(
                declinedKey,
                JSON.stringify([...skip, ...offered.map((entry) => entry.id)]),
              ),
          },
        },
      );
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
