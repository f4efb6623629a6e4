import type { Hono } from 'hono';
import { PAGE_BODY_END, PAGE_BODY_START } from '../../build/page-files';
import { historyLimitBounds, historyListSchema } from '../../src/api/contract/history';
import {
  historyGroupPage,
  shownFirst,
  type HistoryGroup,
} from '../../src/api/contract/history-groups';
import type { HistorySeed } from '../../src/api/contract/history-seed';
import { historySeedElementId } from '../../src/api/contract/history-seed-id';
import type { Logger } from '../logger';
import type { PageRenderer } from './page-renderer';

/**
 * The pages the gateway draws with the account's history, and the lists each shows: the jobs
 * board; home, whose training jobs card counts the same list, and its recent activity; and each
 * creating page's own history (its default tab's).
 */
const seededPages: Record<string, readonly HistoryGroup[]> = {
  '/': ['training', 'recent'],
  '/jobs': ['training'],
  '/generate': ['generation'],
  '/speech': ['speech'],
  '/files': ['upload'],
  '/sandbox': ['sandbox'],
};

/**
 * A group's first page, asked for as the page's list asks (src/lib/server-history.ts). A creating
 * page is drawn with as many of its newest entries as its list shows first: the app reads the
 * rest from the seed's cursor once it runs, so a long history costs the first HTML (its bytes,
 * and its parsing and layout on a phone) and the render here no more than a short one. The
 * training list is read whole pages at a time, as the board reads it: home counts it.
 */
const firstPage = (group: HistoryGroup) => {
  const size = group === 'training' ? historyLimitBounds.max : shownFirst[group];
  return `/api/history?${new URLSearchParams(
    Object.entries(historyGroupPage(group, size)).map(([key, value]) => [key, String(value)]),
  )}`;
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
 * jobs board, home, the creating pages' histories): a phone paints the lists themselves from the
 * first HTML, not "Loading", and the app's first render starts from the same history, sent along
 * in the page. Null when the page is not one of them or cannot be drawn: the page is then sent as
 * built.
 */
export function livePages({ renderer, historyRoutes, logger }: LivePagesOptions) {
  return async (path: string, built: string): Promise<string | null> => {
    const groups = Object.hasOwn(seededPages, path) ? seededPages[path] : undefined;
    const start = built.indexOf(PAGE_BODY_START);
    const end = built.indexOf(PAGE_BODY_END);
    if (!groups || start < 0 || end < start) return null;
    try {
      const seed: HistorySeed = {};
      const answers = await Promise.all(
        groups.map((group) => historyRoutes.request(firstPage(group))),
      );
      for (const [i, answer] of answers.entries()) {
        if (!answer.ok) return null;
        seed[groups[i]!] = historyListSchema.parse(await answer.json());
      }
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
