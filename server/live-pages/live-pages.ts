import type { Hono } from 'hono';
import { PAGE_BODY_END, PAGE_BODY_START } from '../../build/page-files';
import { historyLimitBounds, historyListSchema } from '../../src/api/contract/history';
import { trainingHistoryKinds } from '../../src/api/contract/history-kinds';
import type { HistorySeed } from '../../src/api/contract/history-seed';
import { historySeedElementId } from '../../src/api/contract/history-seed-id';
import type { Logger } from '../logger';
import type { PageRenderer } from './page-renderer';

/**
 * The training history's first page, as the jobs board reads it (src/lib/server-history.ts reads
 * whole groups a page of the gateway's largest size at a time).
 */
const trainingFirstPage = `/api/history?kind=${trainingHistoryKinds.join(',')}&limit=${historyLimitBounds.max}`;

/**
 * The pages the gateway draws with the account's history, and the history each needs: the jobs
 * board, and home, whose training jobs card counts the same list.
 */
const seededPages: Record<string, string> = {
  '/': trainingFirstPage,
  '/jobs': trainingFirstPage,
};

/** JSON inside <script>: nothing in it may close the element or start a comment. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface LivePagesOptions {
  renderer: PageRenderer;
  /** The gateway's history routes: the history is read as the browser would read it. */
  historyRoutes: Hono;
  logger: Logger;
}

/**
 * Draws a prerendered page again with the account's history, for the pages that show it (the
 * jobs board, home's training jobs): a phone paints the jobs themselves from the first HTML, not
 * "Loading", and the app's first render starts from the same history, sent along in the page.
 * Null when the page is not one of them or cannot be drawn: the page is then sent as built.
 */
export function livePages({ renderer, historyRoutes, logger }: LivePagesOptions) {
  return async (path: string, built: string): Promise<string | null> => {
    const read = Object.hasOwn(seededPages, path) ? seededPages[path] : undefined;
    const start = built.indexOf(PAGE_BODY_START);
    const end = built.indexOf(PAGE_BODY_END);
    if (!read || start < 0 || end < start) return null;
    try {
      const answer = await historyRoutes.request(read);
      if (!answer.ok) return null;
      const seed: HistorySeed = { training: historyListSchema.parse(await answer.json()) };
      const body = await renderer.render(path, seed);
      const carried = `<script type="application/json" id="${historySeedElementId}">${scriptSafeJson(seed)}</script>`;
      return (
        built.slice(0, start + PAGE_BODY_START.length) +
        body +
        PAGE_BODY_END +
        carried +
        built.slice(end + PAGE_BODY_END.length)
      );
    } catch (error) {
      logger.warn('live page: sent as built', {
        path,
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    }
  };
}
