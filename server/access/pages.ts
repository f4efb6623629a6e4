import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { authPaths } from '../../src/api/contract/access';
import { html, SafeHtml } from './html';

export interface Page {
  /** The document title and the page's heading. */
  title: string;
  /** Plain text (escaped, one paragraph) or markup built with `html`. */
  body: string | SafeHtml;
  status?: ContentfulStatusCode;
  headers?: Record<string, string>;
}

/** Renders one of the gateway's own pages. */
export type RenderPage = (c: Context, page: Page) => Response;

/**
 * Plain, self-contained pages: inline styles only (the CSP refuses inline scripts, and these
 * pages need none), light or dark as the system is, readable without the dashboard's bundle.
 */
const style = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #16181d; --muted: #5b6270;
  --border: #d5d9e0; --accent: #2f5bd3; --accent-text: #fff; --error-bg: #fdecec; --error: #9b1c1c; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111317; --card: #1b1e24; --text: #e8eaee; --muted: #a2a9b6; --border: #343944;
    --accent: #7d9cf0; --accent-text: #0d1020; --error-bg: #3a1719; --error: #ffb4b4; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
  background: var(--bg); color: var(--text); font: 16px/1.5 system-ui, sans-serif; }
main { width: 100%; max-width: 24rem; background: var(--card); border: 1px solid var(--border);
  border-radius: 12px; padding: 2rem; }
h1 { font-size: 1.35rem; margin: 0 0 1rem; }
p { margin: 0 0 1rem; color: var(--muted); }
label { display: block; font-weight: 600; margin-bottom: .35rem; }
input[type=password] { width: 100%; padding: .6rem .7rem; font: inherit; color: inherit;
  background: var(--bg); border: 1px solid var(--border); border-radius: 8px; margin-bottom: 1rem; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
button, .button { display: inline-block; width: 100%; padding: .65rem 1rem; font: inherit; font-weight: 600;
  text-align: center; text-decoration: none; color: var(--accent-text); background: var(--accent);
  border: 0; border-radius: 8px; cursor: pointer; }
.error { color: var(--error); background: var(--error-bg); padding: .6rem .75rem; border-radius: 8px; }
`;

export const renderPage: RenderPage = (c, { title, body, status = 200, headers = {} }) => {
  const content = body instanceof SafeHtml ? body : html`<p>${body}</p>`;
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Media Studio</title>
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <style>
          ${new SafeHtml(style)}
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${content}
        </main>
      </body>
    </html> `;
  return c.html(page.value, status, { 'Cache-Control': 'no-store', ...headers });
};

/**
 * The password form; `error` is shown above it, announced to screen readers. The hidden user
 * name lets a password manager file the password under this gateway's one user.
 */
export function passwordForm(next: string, userName: string, error?: string): SafeHtml {
  return html`${error ? html`<p class="error" role="alert">${error}</p>` : ''}
    <form method="post" action="${authPaths.password}">
      <input type="text" name="username" autocomplete="username" value="${userName}" hidden />
      <label for="password">Password</label>
      <input
        id="password"
        name="password"
        type="password"
        autocomplete="current-password"
        required
        autofocus
      />
      <input type="hidden" name="next" value="${next}" />
      <button type="submit">Sign in</button>
    </form>`;
}

/** A link that ends the identity provider's session as well (OIDC RP-initiated logout). */
export interface ProviderSignOut {
  href: string;
  label: string;
}

/**
 * Signing out of the dashboard leaves the provider's session alone (other apps use it), so
 * "Sign in again" may come straight back; on a shared computer the second link ends that too.
 */
export function signedOutBody(provider?: ProviderSignOut): SafeHtml {
  const alsoProvider = provider
    ? html`<p>
        Someone else will use this computer?
        <a href="${provider.href}">${provider.label}</a>
      </p>`
    : html``;
  return html`<p>You can close this tab, or sign in again to go on working.</p>
    <a class="button" href="${authPaths.signIn}">Sign in again</a>${alsoProvider}`;
}
