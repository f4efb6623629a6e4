/** Where the app's web app manifest is served (public/manifest.webmanifest). */
export const MANIFEST_HREF = '/manifest.webmanifest';

/**
 * How long after the page's first idle moment the manifest is linked: past the page's start-up
 * work, the requests its first view makes and the idle-time modules, on a slow phone too.
 */
export const MANIFEST_DELAY_MS = 5_000;

/**
 * Names the web app manifest in the page's head, once, so the browser can offer to install the
 * dashboard. Not in index.html: a manifest that makes the site installable sets the browser
 * checking it (fetching it and its icons) and drawing its own install button, in a Chromium
 * 60 frames a second for most of a second, all while the page loads, work that competes with
 * the page's own for a phone's cores. Linked a few seconds after the page is idle, the install
 * offer comes a moment later, which nobody installing a dashboard notices.
 */
export function linkManifest(): void {
  if (document.head.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_HREF;
  document.head.append(link);
}
