// No zod here: the gateway's page renderer and every page's lists read the groups.
import { historyKinds, trainingHistoryKinds } from './history-kinds';

/**
 * The lists the dashboard keeps of the gateway's history, each a group of kinds: the jobs
 * board's training jobs, each creating page's own, and home's recent activity of every kind.
 */
export const historyGroups = {
  training: trainingHistoryKinds,
  generation: ['image', 'video'],
  speech: ['speech', 'speech_async', 'voice_extend'],
  upload: ['upload'],
  sandbox: ['sandbox'],
  /** The newest entries of every kind (one page): home's recent activity. */
  recent: historyKinds,
} as const satisfies Record<string, readonly (typeof historyKinds)[number][]>;
export type HistoryGroup = keyof typeof historyGroups;

/** How many of the newest entries home's recent activity shows: the one list not read whole. */
export const recentActivitySize = 10;

/**
 * How many of its newest entries a list shows first: a creating page's, which adds as many with
 * each "Show more", and home's recent activity. The gateway draws the page with as many
 * (server/live-pages), so no row appears below the drawn ones when the app takes the page over.
 * The training list is not here: the board and home read it whole pages at a time.
 */
export const shownFirst = {
  generation: 20,
  speech: 20,
  upload: 50,
  sandbox: 50,
  recent: recentActivitySize,
} as const satisfies Partial<Record<HistoryGroup, number>>;

/** Every list is read whole but recent activity, which keeps its first page only. */
export const isWholeGroup = (group: HistoryGroup) => group !== 'recent';

/**
 * A group's page as the dashboard reads it (`GET /api/history`): a whole group `pageSize` at a
 * time, recent activity as its newest few. The gateway draws a page with the same first page.
 */
export function historyGroupPage(
  group: HistoryGroup,
  pageSize: number,
): { kind?: string; limit: number } {
  return isWholeGroup(group)
    ? { kind: historyGroups[group].join(','), limit: pageSize }
    : { limit: recentActivitySize };
}
