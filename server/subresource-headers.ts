import type { MiddlewareHandler } from 'hono';

/**
 * Headers that only mean something on a document (or a worker, which runs under its own
 * response's policy): a script or a stylesheet a page loads is governed by the page's. Sent
 * with every chunk they cost over a kilobyte each, and a page loads dozens of chunks.
 */
const documentOnly = [
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'cross-origin-opener-policy',
  'strict-transport-security',
];

/** What the browser says it fetches for a page: a classic or module script, or a stylesheet. */
const subresources = new Set(['script', 'style']);
const scriptOrStyle = /^(text|application)\/(javascript|css)\b/;

/**
 * Leaves the document-only headers off scripts and stylesheets fetched as such (JavaScript
 * or CSS, asked for by a page's `<script>`, `import` or `<link rel=stylesheet>`). It goes by
 * `Sec-Fetch-Dest`, so a worker's script keeps its policy and a browser that does not say what
 * it fetches gets every header. `nosniff`, the resource policy and the referrer policy stay:
 * they apply to subresources too (a module's imports follow its response's referrer policy).
 */
export function subresourceHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!scriptOrStyle.test(c.res.headers.get('content-type') ?? '')) return;
    // A cache keeps the two answers apart: the same file may start a worker.
    c.res.headers.append('Vary', 'Sec-Fetch-Dest');
    const destination = c.req.header('sec-fetch-dest');
    if (!destination || !subresources.has(destination)) return;
    for (const name of documentOnly) c.res.headers.delete(name);
  };
}
