import { chromiumArgs, chromiumPath } from '../../e2e/fixtures/chromium';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/** The system Chromium, as the e2e tests use it: nothing is downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    headless: true,
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: chromiumArgs,
    timeout: 60_000,
  });
}

/**
 * A fresh context (no cache, no storage). tsx compiles this code with esbuild's keepNames,
 * which wraps named functions in `__name(...)`: functions passed to page.evaluate carry
 * those calls into the page, so the page gets a no-op `__name`.
 */
export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  return context;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * Installed before the app's scripts: the first voice card that is on screen with its Play
 * button enabled, timed from navigation start (a MutationObserver sees the commit; the time
 * kept is the next frame, i.e. when it was painted), and every long task.
 */
export const voiceProbeScript = `(() => {
  const probe = (window.__bench = { longTasks: [], firstCard: null, firstCardInDom: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const ready = () => {
    const list = document.querySelector('[role="list"][aria-label="Voices"]');
    const card = list && list.querySelector('article');
    if (!card) return false;
    const rect = card.getBoundingClientRect();
    if (rect.height <= 0 || rect.top >= innerHeight) return false;
    const play = card.querySelector('button[aria-label^="Play "]');
    return Boolean(play && !play.disabled);
  };
  const check = () => {
    if (probe.firstCardInDom !== null || !ready()) return;
    probe.firstCardInDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => { probe.firstCard = performance.now(); });
  };
  const observer = new MutationObserver(check);
  const start = () => observer.observe(document, { childList: true, subtree: true, attributes: true });
  start();
})();`;
