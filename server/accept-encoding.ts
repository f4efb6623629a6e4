/** The content codings the gateway sends, best first: brotli is 15–20% smaller than gzip on JS. */
export type ContentCoding = 'br' | 'gzip';

/** The q-value of each coding an Accept-Encoding header names (`*` included), lower-cased. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    found.set(name.toLowerCase(), Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0);
  }
  return found;
}

/**
 * Picks the coding to send among `offered` (in the gateway's order of preference), following
 * the client's q-values; `null` means identity. A coding at q=0 is refused, even when `*`
 * would allow it. Equal q-values go to the gateway's preference, so `gzip, br` gets br.
 * Without the header a client gets identity: old clients and curl may not decode anything.
 */
export function negotiateEncoding(
  header: string | undefined | null,
  offered: readonly ContentCoding[],
): ContentCoding | null {
  if (!header) return null;
  const accepted = qualities(header);
  const wildcard = accepted.get('*') ?? 0;
  let best: { coding: ContentCoding; q: number } | null = null;
  for (const coding of offered) {
    const q = accepted.get(coding) ?? wildcard;
    if (q > 0 && (!best || q > best.q)) best = { coding, q };
  }
  return best?.coding ?? null;
}

/** Adds Accept-Encoding to a Vary header value, keeping what is there. */
export function varyOnEncoding(current: string | null): string {
  if (!current) return 'Accept-Encoding';
  if (current.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
