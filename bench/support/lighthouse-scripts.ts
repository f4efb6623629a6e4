/** A script the page fetched: its path (or address, off the page's origin) and bytes sent. */
export interface FetchedScript {
  url: string;
  transferBytes: number;
}

/** Every script a page fetched during one Lighthouse run, and their sum. */
export interface ScriptsFetched {
  count: number;
  transferBytes: number;
  scripts: FetchedScript[];
}

/** What this module reads of a Lighthouse report. */
export interface WithAudits {
  finalDisplayedUrl?: string;
  audits: Record<string, { details?: unknown } | undefined>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A script of the page's own origin by its path, any other by its whole address. */
function shortUrl(url: string, pageUrl: string | undefined): string {
  try {
    const parsed = new URL(url);
    return pageUrl && parsed.origin === new URL(pageUrl).origin ? parsed.pathname : url;
  } catch {
    return url;
  }
}

/**
 * The JavaScript a page fetched before Lighthouse stopped recording, which is once the page
 * has been idle (network and main thread quiet) for a while: every `Script` request in the
 * `network-requests` audit, the entry and what it imports as well as chunks fetched while idle
 * or lazily, with the bytes sent for it (headers and compressed body). Null when the report
 * lacks the audit's table.
 */
export function scriptsFetched(lhr: WithAudits): ScriptsFetched | null {
  const details = lhr.audits['network-requests']?.details;
  if (!isRecord(details) || !Array.isArray(details.items)) return null;
  const scripts = details.items.flatMap((item: unknown): FetchedScript[] => {
    if (!isRecord(item) || item.resourceType !== 'Script' || typeof item.url !== 'string') {
      return [];
    }
    const bytes = typeof item.transferSize === 'number' ? item.transferSize : 0;
    return [{ url: shortUrl(item.url, lhr.finalDisplayedUrl), transferBytes: bytes }];
  });
  return {
    count: scripts.length,
    transferBytes: scripts.reduce((sum, script) => sum + script.transferBytes, 0),
    scripts,
  };
}
