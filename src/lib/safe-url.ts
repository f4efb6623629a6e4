/**
 * A URL from API data, or null when it is not http(s). `javascript:`, `data:`, `blob:` and the
 * like are refused, so service data can never run code or smuggle content through a link or a
 * media element. With a base, relative URLs (a gateway may rewrite to its own origin) resolve
 * against it; without one, only absolute URLs pass.
 */
export function safeHttpUrl(raw: string | null | undefined, base?: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
