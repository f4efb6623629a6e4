import type { HistorySeed } from '../api/contract/history-seed';
import { isHistorySeed } from '../api/history-check';
import { historySeedElementId } from '../api/contract/history-seed-id';
import { historyGroups, seedHistory, type HistoryGroup } from './server-history';
import { gatewayMode, listTrackedJobs } from './tracked-jobs';

/**
 * Fills each list the page shows (the jobs board's training jobs, which home counts too; a
 * creating page's own; home's recent activity) with the history the gateway drew the page with,
 * before the first render: the app then draws the same lists the page shows, never "Loading" in
 * between. The lists stay live from there: the stream resumes from the oldest change they were
 * read at, and a seed that is only a list's first page is followed by the rest at once.
 */
export async function applyHistorySeed(seed: HistorySeed): Promise<void> {
  if (!gatewayMode()) return;
  for (const group of Object.keys(historyGroups) as HistoryGroup[]) {
    const page = seed[group];
    if (page) seedHistory(group, page);
  }
  // In gateway mode the board's jobs are the training list: resolves once they are published.
  if (seed.training) await listTrackedJobs();
}

/**
 * The seed the gateway sent in this page, if any and well formed; never throws. The gateway's
 * own seed passes the hand check, so the page draws without building the history's schemas;
 * anything else is left to them.
 */
export async function pageHistorySeed(): Promise<HistorySeed | null> {
  if (typeof document === 'undefined') return null; // drawn by the gateway: it passes its own
  const text = document.getElementById(historySeedElementId)?.textContent;
  if (!text) return null;
  try {
    const seed: unknown = JSON.parse(text);
    if (isHistorySeed(seed)) return seed;
    const { historySeedSchema } = await import('../api/contract/history-seed');
    const parsed = historySeedSchema.safeParse(seed);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Applies the seed of the page, if it carries one. The page's module waits for it before the
 * router has it (./seeded-page.ts), so the first load ends with the list filled, before the
 * first render replaces the page and the seed with it.
 */
export async function applyPageHistorySeed(): Promise<void> {
  const seed = await pageHistorySeed();
  if (seed) await applyHistorySeed(seed);
}
