import { expect, test } from '@playwright/test';

const pages = [
  { link: 'Generate', path: '/generate', heading: 'Generate' },
  { link: 'Voices', path: '/voices', heading: 'Voices' },
  { link: 'Speech', path: '/speech', heading: 'Speech' },
  { link: 'Train', path: '/train', heading: 'Train' },
  { link: 'Jobs', path: '/jobs', heading: 'Jobs' },
  { link: 'Files', path: '/files', heading: 'Files' },
  { link: 'Sandbox', path: '/sandbox', heading: 'Sandbox' },
  { link: 'Usage', path: '/usage', heading: 'Usage' },
  { link: 'Settings', path: '/settings', heading: 'Settings' },
  { link: 'Home', path: '/(?:\\?|$)', heading: 'Home' },
];

test('the root opens Home and every page is reachable from the navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const target of pages) {
    await nav.getByRole('link', { name: target.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`:\\d+${target.path}`));
    await expect(page.getByRole('heading', { level: 1, name: target.heading })).toBeVisible();
    await expect(nav.getByRole('link', { name: target.link, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test('a deep link loads its page directly from the server', async ({ page }) => {
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
});

test('an unknown address shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});

test('the Generate tab lives in the URL and survives a reload and the back button', async ({
  page,
}) => {
  await page.goto('/generate');
  await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Video' }).click();
  await expect(page).toHaveURL(/tab=video/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
});

test('an invalid tab in the URL falls back to the default instead of breaking the page', async ({
  page,
}) => {
  await page.goto('/generate?tab=audio');
  await expect(page.getByRole('tab', { name: 'Image' })).toHaveAttribute('aria-selected', 'true');
});

test('the theme follows the system and a chosen theme is kept across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/generate');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'Light' }).check({ force: true });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  // Drawn light from the first paint, before the app's code: the page the gateway sent says so
  // (a drawn page and the shell alike), and index.html's inline script drew it so as it loaded.
  await page.route('**/assets/**/*.js', (route) => route.abort());
  for (const path of ['/voices', '/jobs/no-such-job']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  }
  await page.unroute('**/assets/**/*.js');
  await page.goto('/generate');
  await page.getByRole('radio', { name: 'System' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.goto('/voices');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('the keyboard alone reaches the content and the navigation', async ({ page }) => {
  await page.goto('/generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Generate' })).toBeVisible();
  // The shell draws the heading before the app starts: the navigation is the app's.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Jobs', exact: true })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();

  await page.getByRole('radio', { name: 'Dark' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
});

test('every API request of the tab can be copied as curl, without the key', async ({ page }) => {
  await page.goto('/voices');
  await page.getByRole('button', { name: /^API requests/ }).click();
  const dialog = page.getByRole('dialog', { name: 'API requests' });
  const request = dialog
    .getByRole('list', { name: 'API requests' })
    .getByRole('listitem')
    .filter({ hasText: '/v1/voice/list' })
    .first();
  await expect(request).toContainText('GET');
  await expect(request).toContainText('succeeded', { timeout: 20_000 });
  await request.getByRole('button', { name: 'Show curl' }).click();
  const command = request.getByLabel(/^GET \/v1\/voice\/list as curl$/);
  await expect(command).toContainText('/api/v1/voice/list');
  await expect(command).toContainText('$MEDIA_API_KEY');
  // The gateway's emulator key never reaches the page.
  await expect(command).not.toContainText('local-dev-key');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('every page starts from its own address without a script error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of pages
    .map((p) => p.path)
    .filter((path) => path.startsWith('/') && !path.includes('('))) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The app has taken over the prerendered page and its idle-time parts have loaded.
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
});
