import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { PushMessage } from '../src/api/contract/notifications';
import { jobPagePath, serviceWorkerPath } from '../src/api/contract/notification-paths';
import { wholeBrowser } from './fixtures/chromium';

// Notifications are the whole browser's: the headless shell the rest of the suite runs in shows
// none, so a worker's `getNotifications()` would stay empty there.
test.use({ launchOptions: wholeBrowser });

/** What the dashboard's worker has on show, as plain data. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map(({ title, body, tag, icon, data }) => ({ title, body, tag, icon, data }));
  });
}

/**
 * Opens the dashboard where this site may show notifications, waits for it to register its
 * worker, and returns a way to push to that worker through DevTools, as the browser does when
 * its push service delivers a message.
 */
async function dashboardWorker(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { registrationId, scopeURL, isDeleted } of updated)
      if (isDeleted) registrations.delete(scopeURL);
      else registrations.set(scopeURL, registrationId);
  });
  // The registrations whose worker has finished activating, as the browser itself sees them.
  const activated = new Set<string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const { registrationId, status } of versions)
      if (status === 'activated') activated.add(registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  const origin = new URL(page.url()).origin;
  await context.grantPermissions(['notifications'], { origin });
  await page.reload();
  // The app registers it once the first page is drawn and the browser is idle.
  const active = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(active).toEqual({ scope: `${origin}/`, script: `${origin}${serviceWorkerPath}` });
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  // `ready` resolves as the worker starts activating. DevTools delivers a push without saying
  // whether the worker took it, and one sent before the activation has ended can be lost.
  await expect.poll(() => activated.has(registrations.get(`${origin}/`)!)).toBe(true);
  const push = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.get(`${origin}/`)!,
      data,
    });
  return {
    origin,
    /**
     * Pushes `data` until the worker has on show what `expected` says. DevTools hands a push to
     * the browser without waiting for the worker to take it, and on a loaded machine one is now
     * and then dropped (1 in 30 here, the worker activated and running); a push service, for its
     * part, delivers again until the worker has taken the message. So is this one sent again
     * every 3 s while nothing shows; the same message shows once whatever the repeats, as its
     * tag replaces the notification it made before.
     */
    async pushUntilShown(data: string, expected: unknown) {
      let sent = 0;
      await expect
        .poll(
          async () => {
            if (Date.now() - sent > 3_000) {
              sent = Date.now();
              await push(data);
            }
            return shownNotifications(page);
          },
          { timeout: 15_000 },
        )
        .toEqual(expected);
    },
  };
}

test('a browser that has not allowed notifications loads the dashboard without a worker', async ({
  page,
}) => {
  const workerFetches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === serviceWorkerPath) workerFetches.push(request.url());
  });
  await page.goto('/');
  // The bell mounts at the same idle moment the worker would be registered at.
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration())).toBeUndefined();
  expect(workerFetches).toEqual([]);
});

test('the worker is served fresh on every deploy, as JavaScript', async ({ request }) => {
  const res = await request.get(serviceWorkerPath);

  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(await res.text()).toContain("addEventListener('push'");
});

test('a push shows the job’s notification, linked to its page', async ({ context, page }) => {
  const worker = await dashboardWorker(context, page);
  const message: PushMessage = {
    title: 'Training my_voice completed',
    body: 'Ready to use, after 4 min 12 s.',
    url: jobPagePath('voice', 'tr_e2e_push'),
    tag: 'job:tr_e2e_push',
  };

  await worker.pushUntilShown(JSON.stringify(message), [
    {
      title: message.title,
      body: message.body,
      tag: message.tag,
      icon: `${worker.origin}/icons/icon-192.png`,
      data: { url: '/jobs/tr_e2e_push' },
    },
  ]);

  // The same job's next event replaces its notification rather than piling up beside it.
  await worker.pushUntilShown(JSON.stringify({ ...message, title: 'Training my_voice failed' }), [
    expect.objectContaining({ title: 'Training my_voice failed', tag: message.tag }),
  ]);
});

test('a push that is not a message still tells something happened', async ({ context, page }) => {
  const worker = await dashboardWorker(context, page);

  await worker.pushUntilShown('not json', [
    expect.objectContaining({ title: 'Media Studio', data: { url: '/' } }),
  ]);
});

test('a link to another site in a push opens the dashboard instead', async ({ context, page }) => {
  const worker = await dashboardWorker(context, page);
  const message: PushMessage = {
    title: 'Speech ready',
    body: 'Open it',
    url: 'https://attacker.example/jobs/x',
    tag: 'job:elsewhere',
  };

  await worker.pushUntilShown(JSON.stringify(message), [
    expect.objectContaining({ title: 'Speech ready', data: { url: '/' } }),
  ]);
});

test('the dashboard is installable: once a page has loaded, the browser finds its manifest', async ({
  context,
  page,
}) => {
  const cdp = await context.newCDPSession(page);
  await page.goto('/speech');
  await expect(page.getByRole('main')).toBeVisible();
  // What the browser itself reads to offer the install: the manifest it found, parsed. The app
  // names it a few seconds after the page has loaded (src/lib/web-app-manifest.ts).
  await expect
    .poll(async () => (await cdp.send('Page.getAppManifest')).url, { timeout: 20_000 })
    .toMatch(/\/manifest\.webmanifest$/);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Media Studio', display: 'standalone', start_url: '/' });
});
