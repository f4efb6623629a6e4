// The dashboard's service worker: it shows the gateway's push notifications (a job finished,
// failed or stalled) and opens the job's page when one is clicked. It has no fetch handler:
// the dashboard is not kept for offline use, so every request goes to the network as before.

const fallback = {
  title: 'Media Studio',
  body: 'Something changed in one of your jobs.',
  url: '/',
  tag: 'media-studio',
};

// Nothing here serves pages, so a new version can take over at once, and a tab that was open
// when the worker first arrived is one it can send to a job's page.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** The PushMessage in a push, or the generic notice when it is missing or not one. */
function readMessage(data) {
  try {
    const message = data ? data.json() : null;
    const text = (value) => typeof value === 'string' && value.length > 0;
    if (!message || !text(message.title)) return fallback;
    return {
      title: message.title,
      body: typeof message.body === 'string' ? message.body : '',
      url: text(message.url) ? message.url : fallback.url,
      tag: text(message.tag) ? message.tag : fallback.tag,
    };
  } catch {
    return fallback;
  }
}

/**
 * The page to open, as a path on this dashboard: a URL to another origin (a payload is not to
 * be trusted further than that) becomes the home page.
 */
function dashboardPath(url) {
  try {
    const resolved = new URL(url, self.location.origin);
    if (resolved.origin !== self.location.origin) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: dashboardPath(message.url) },
      icon: '/icons/icon-192.png',
    }),
  );
});

/** Shows the page in a dashboard tab already open (the focused one first), else in a new one. */
async function openPage(url) {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const dashboard = tabs.filter((tab) => new URL(tab.url).origin === self.location.origin);
  const tab = dashboard.find((candidate) => candidate.focused) ?? dashboard[0];
  if (tab) {
    try {
      const focused = await tab.focus();
      if (focused.url === url) return;
      // Only a tab this worker controls may be navigated; any other gets a new window below.
      if (await focused.navigate(url)) return;
    } catch {
      // Not ours to navigate or focus: fall through to a new window.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = dashboardPath(event.notification.data && event.notification.data.url);
  event.waitUntil(openPage(new URL(path, self.location.origin).href));
});
