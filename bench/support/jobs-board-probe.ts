/** The board counts its jobs in each column's heading (the cards themselves are virtualized). */
export const boardCount = (count: number) =>
  [...document.querySelectorAll('main section h2 span')].reduce(
    (sum, badge) => sum + (Number(badge.textContent) || 0),
    0,
  ) >= count;

/**
 * Installed before the app's scripts: the first job card on screen, timed from navigation start
 * (a MutationObserver sees the commit; the time kept is the next frame, when it was painted),
 * when the columns' counts first add up to `window.__boardTotal`, and every long task.
 */
export const jobsBoardProbeScript = `(() => {
  const probe = (window.__board = { longTasks: [], firstCard: null, allLoaded: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const cardShown = () => {
    const card = document.querySelector('main section article');
    if (!card) return false;
    const rect = card.getBoundingClientRect();
    return rect.height > 0 && rect.top < innerHeight;
  };
  const counted = () => {
    let sum = 0;
    for (const badge of document.querySelectorAll('main section h2 span')) sum += Number(badge.textContent) || 0;
    return sum;
  };
  const check = () => {
    if (probe.firstCard === null && cardShown()) {
      probe.firstCard = -1;
      requestAnimationFrame(() => { probe.firstCard = performance.now(); });
    }
    if (probe.allLoaded === null && window.__boardTotal && counted() >= window.__boardTotal) {
      probe.allLoaded = -1;
      requestAnimationFrame(() => { probe.allLoaded = performance.now(); });
    }
    // Watched until both are seen: the counts can add up before the first card is laid out.
    if (probe.firstCard !== null && probe.allLoaded !== null) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  // Attributes too: a virtualized card is placed by its style once measured.
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`;
