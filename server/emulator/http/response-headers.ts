import type { Context } from 'hono';

/**
 * Sets a header on the response a handler already produced. `c.header()` would rebuild that
 * response from its body, which under @hono/node-server turns a plain string or buffer body
 * into a web stream the server then has to pump: most of a small request's cost. Changing the
 * headers in place keeps the server's direct write. Responses with immutable headers (a
 * `fetch` result passed through) throw on `set`; those take the rebuilding path.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    c.header(name, value);
  }
}
