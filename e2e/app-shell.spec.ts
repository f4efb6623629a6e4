import { expect, test, type Page } from '@playwright/test';
import { navItems } from '../src/components/layout/nav-items';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

/**
 * index.html paints the app's frame and the page's heading before the app's code arrives.
 * These tests hold the code back to see the shell alone, then let the app draw over it.
 */
const holdAppCode = (page: Page) => page.route('**/assets/*.js', (route) => route.abort());

// By element, not by role: a prerendered page is hidden from assistive technology until the
// app draws the live one (build/prerender-pages.ts), and these tests look at the drawn one.
const headingBox = async (page: Page, name: string) => {
  const heading = page.locator('h1');
  await expect(heading).toHaveText(name);
  return heading.boundingBox();
};

/**
 * Watches every change to the documents the page opens from now on for `text`; the returned
 * function says whether it was ever there.
 */
async function watchForText(page: Page, text: string) {
  await page.addInitScript((watched) => {
    const seen = { shown: false };
    Object.assign(window, { textSeen: seen });
    new MutationObserver(() => {
      if (document.body.textContent?.includes(watched)) seen.shown = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
  return () =>
    page.evaluate(() => (window as unknown as { textSeen: { shown: boolean } }).textSeen.shown);
}

test('without the app code, the shell names the page, its summary and the tab', async ({
  page,
}) => {
  await holdAppCode(page);
  const cases = [
    { path: '/generate', heading: 'Generate', summary: /images and video from a prompt/ },
    { path: '/jobs/task_missing', heading: 'Training job', summary: /status, progress/ },
    { path: '/no/such/page', heading: 'Page not found', summary: /no page at this address/ },
    { path: '/constructor', heading: 'Page not found', summary: /no page at this address/ },
  ];
  for (const { path, heading, summary } of cases) {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveText(heading);
    await expect(page.getByText(summary)).toBeVisible();
    await expect(page).toHaveTitle(`${heading} · Media Studio`);
  }
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText('Home');
  await expect(page).toHaveTitle('Media Studio');
});

test('without the app code, a page of the navigation is drawn whole from its HTML, named in the tab', async ({
  page,
}) => {
  await holdAppCode(page);
  await page.goto('/train');
  // The shell writes the page's canonical address in, so the app's router starts from it.
  await expect(page).toHaveURL(/\/train\?form=voice$/);
  await expect(page.getByText('Reference clips', { exact: true })).toBeVisible();
  await expect(page.getByText('Start voice training')).toBeVisible();
  await expect(page).toHaveTitle('Train · Media Studio');
  // A picture of the page until the app runs, hidden from assistive technology: none of its
  // controls takes focus or input, so nothing typed is lost when the app draws the live page.
  await expect(page.locator('#root > [data-drawn][aria-hidden="true"]')).toHaveCount(1);
  const controls = page.locator('#root :is(input, textarea, select, button)');
  expect(await controls.count()).toBeGreaterThan(5);
  await expect(page.locator('#root :is(input, textarea, select, button):not([inert])')).toHaveCount(
    0,
  );
  const displayName = page.locator('#root input[name="display_name"]');
  await displayName.click({ force: true });
  await page.keyboard.type('Narration');
  await expect(displayName).toHaveValue('');
  expect(
    await page.evaluate(() => document.activeElement?.matches('input, textarea, select, button')),
  ).toBe(false);
  await page.goto('/files');
  await expect(page.getByText(/Drop files here/)).toBeVisible();
  // A list the app reads once it runs (the service's catalog, not the gateway's history) says it
  // is loading, never that it is empty.
  await page.goto('/voices');
  await expect(page.getByText('Loading voices…').first()).toBeVisible();
  await expect(page.getByText(/No voices/)).toHaveCount(0);
  // Another tab of the page than the one drawn by default: only the frame and the name.
  await page.goto('/train?form=music');
  await expect(page.locator('h1')).toHaveText('Train');
  await expect(page.getByText('Reference clips', { exact: true })).toHaveCount(0);
});

test('the jobs board and home come drawn with the jobs of the gateway, and the app takes over that same board', async ({
  page,
}) => {
  test.slow(); // The first catalog request on a fresh data dir renders the voice previews.
  const name = `shell_board_${Date.now()}`;
  await createVoiceJob(page.request, name, await referenceUrls(page.request, 30_000));

  await holdAppCode(page);
  await page.goto('/jobs');
  // In the drawn copy (hidden from assistive technology until the app runs): found by text.
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText('Loading training jobs…')).toHaveCount(0);
  // Home's training jobs card counts the same history: the job is in it, not "Reading jobs…".
  await page.goto('/');
  await expect(
    page.locator('[aria-labelledby="home-jobs"]').getByText(name, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Reading jobs…')).toHaveCount(0);

  // With the app: the board is never replaced by a loading state on the way.
  await page.unrouteAll();
  const loadingShown = await watchForText(page, 'Loading training jobs…');
  await page.goto('/jobs');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
  expect(await loadingShown()).toBe(false);
});

test('the creating pages and home come drawn with the history of the gateway, and the app takes that same list over', async ({
  page,
  request,
}) => {
  const prompt = `A fox drawn by the gateway ${Date.now()}`;
  const sent = await request.post('/api/v1/image/generate', {
    data: { prompt, tool: 'generate_image_15', parameters: { size: '512x512' } },
  });
  expect(sent.ok()).toBe(true);

  await holdAppCode(page);
  await page.goto('/generate');
  // In the drawn copy (hidden from assistive technology until the app runs): found by text.
  await expect(page.locator('#root').getByText(prompt)).toBeVisible();
  await expect(page.getByText('Loading history…')).toHaveCount(0);
  // Home's recent activity is the newest of every kind: the generation is in it.
  await page.goto('/');
  await expect(
    page.locator('section', { hasText: 'Recent activity' }).getByText(prompt),
  ).toBeVisible();

  // With the app: the list is never replaced by a loading state on the way.
  await page.unrouteAll();
  const loadingShown = await watchForText(page, 'Loading history…');
  await page.goto('/generate');
  await expect(page.locator('[inert]')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: prompt })).toBeVisible();
  expect(await loadingShown()).toBe(false);
});

test('home keeps its recent activity in place while the app takes over the drawn page and loads it', async ({
  page,
}) => {
  // Every frame the browser draws is checked, as the user sees them: once drawn, the section
  // never leaves the page.
  await page.addInitScript(() => {
    const seen = { drawn: false, lost: false };
    Object.assign(window, { activitySeen: seen });
    const check = () => {
      const there = document.body?.textContent?.includes('Recent activity') ?? false;
      if (there) seen.drawn = true;
      else if (seen.drawn) seen.lost = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  await page.goto('/');
  const activity = page.getByRole('region', { name: 'Recent activity' });
  await expect(activity).toBeVisible();
  await expect(activity.getByText('Loading…')).toHaveCount(0);
  await expect(page.locator('[inert]')).toHaveCount(0);
  const seen = await page.evaluate(
    () => (window as unknown as { activitySeen: { drawn: boolean; lost: boolean } }).activitySeen,
  );
  expect(seen).toEqual({ drawn: true, lost: false });
});

test('the app takes over the drawn page: what the user types is kept, and the drawn copy is gone', async ({
  page,
}) => {
  await page.goto('/train');
  const name = page.getByRole('textbox', { name: 'Display name' });
  await name.fill('Narration take two');
  await expect(name).toHaveValue('Narration take two');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.locator('[inert]')).toHaveCount(0);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`on a ${viewport.name}, taking over a drawn page leaves its frame in place`, async ({
    browser,
  }) => {
    test.slow(); // Every page of the navigation.
    // The top bar, the sidebar and the main content stay where the drawn page has them: an
    // element the takeover moves (taken out and put back) is styled and laid out again with
    // everything it holds, which for <main> is the whole page.
    const context = await browser.newContext({ viewport });
    await context.addInitScript(() => {
      const removed = new WeakSet<Node>();
      const moved: string[] = [];
      Object.assign(window, { movedFrame: moved });
      const frame = 'header, aside, nav, main';
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) removed.add(node);
          for (const node of record.addedNodes) {
            if (!(node instanceof Element) || !removed.has(node)) continue;
            if (node.matches(frame) || node.querySelector(frame)) moved.push(node.tagName);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    for (const { to: path } of navItems) {
      await page.goto(path);
      await expect(page.locator('[data-drawn]:not([aria-hidden])')).toHaveCount(1);
      await expect(page.locator('[inert]')).toHaveCount(0);
      const moved = await page.evaluate(
        () => (window as unknown as { movedFrame: string[] }).movedFrame,
      );
      expect(moved, path).toEqual([]);
    }
    await context.close();
  });

  test(`on a ${viewport.name}, the app draws its heading exactly where the shell put it`, async ({
    browser,
  }) => {
    test.slow(); // Ten page loads, half of them waiting for the app's code.
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    for (const [path, heading] of [
      ['/', 'Home'],
      ['/generate', 'Generate'],
      ['/voices', 'Voices'],
      ['/jobs', 'Jobs'],
      ['/settings', 'Settings'],
      ['/no/such/page', 'Page not found'],
    ] as const) {
      await holdAppCode(page);
      await page.goto(path);
      const shell = await headingBox(page, heading);
      await page.unrouteAll();
      await page.goto(path);
      // The app's own navigation is there: the shell has none.
      await expect(page.getByRole('link', { name: 'Media Studio home' }).first()).toBeVisible();
      // Polled: the pending view's heading gives way to the page's own, the same box twice.
      await expect
        .poll(() => headingBox(page, heading), { message: `${viewport.name} ${path}` })
        .toEqual(shell);
    }
    await context.close();
  });
}

test('the tab title follows the page and counts nothing when no job runs', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveTitle('Settings · Media Studio');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /Where the dashboard sends its requests/,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Files' }).click();
  await expect(page).toHaveTitle('Files · Media Studio');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Upload files/);
});

test('the app’s code is fetched only once the shell has painted: it never competes with the stylesheet', async ({
  page,
}) => {
  for (const path of ['/', '/train', '/jobs/task_missing']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Media Studio home' }).first()).toBeVisible();
    const { scripts, stylesheets, painted } = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const of = (ending: string) => resources.filter((r) => r.name.endsWith(ending));
      return {
        scripts: of('.js').map((r) => r.startTime),
        stylesheets: of('.css').map((r) => r.responseEnd),
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      };
    });
    expect(stylesheets.length, path).toBeGreaterThan(0);
    expect(scripts.length, path).toBeGreaterThan(1);
    expect(Math.min(...scripts), path).toBeGreaterThanOrEqual(Math.max(...stylesheets));
    // Not before the shell's first contentful paint is shown.
    expect(painted, path).toBeDefined();
    expect(Math.min(...scripts), path).toBeGreaterThanOrEqual(painted!);
  }
});

test('a page’s history entry is written once as it loads, and going back to it works', async ({
  page,
}) => {
  // Counts the replacements of the page's history entry, the shell's script's and the app's.
  await page.addInitScript(() => {
    const replace = history.replaceState.bind(history);
    let count = 0;
    Object.assign(window, { entryReplacements: () => count });
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      count += 1;
      replace(...args);
    };
  });
  const replacements = () =>
    page.evaluate(() =>
      (window as unknown as { entryReplacements: () => number }).entryReplacements(),
    );
  const nav = page.getByRole('navigation', { name: 'Main' });
  // /train gets its default search from the shell's script; /files has none to get.
  for (const [path, address] of [
    ['/train', /\/train\?form=voice$/],
    ['/files', /\/files$/],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(address);
    // The app has taken the page over: its links are live.
    await expect(nav.getByRole('link', { name: 'Jobs' })).toBeVisible();
    await expect(page.locator('[inert]')).toHaveCount(0);
    expect(await replacements(), path).toBe(1);
  }
  await nav.getByRole('link', { name: 'Jobs' }).click();
  await expect(page).toHaveURL(/\/jobs/);
  await page.goBack();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.locator('h1')).toHaveText('Files');
});
