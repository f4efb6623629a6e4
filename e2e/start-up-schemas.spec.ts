import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ownGateway } from './fixtures/own-gateway';

/*
 * A page reads its first answers without building the contract's schemas: zod builds every
 * schema of a module as it runs, a few hundred of them on a phone's main thread while the page
 * starts. The answers every page reads, and those Settings and Usage read as they open, are
 * checked by hand (src/api/answer-checks.ts, notification-checks.ts, usage-checks.ts), and so is
 * the voice catalog Voices and Speech list (endpoint-checks.ts); the
 * schemas load only to judge an answer a check refuses, or when a form is used. Which modules
 * a page ran is read from the build: the scripts it fetched and their source maps.
 */

// The build it serves is the one whose source maps are read.
const distDir = process.env.DIST_DIR ?? 'dist';
const gateway = ownGateway('start-up-schemas', { DIST_DIR: distDir });

// The emulator makes its catalog's preview clips for the first list it serves: seconds on a new
// data directory, more on a busy machine. Made before any page opens, a page's load is its own.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const list = await gateway.api.get('/api/v1/voice/list', { timeout: 110_000 });
  expect(list.ok()).toBe(true);
});

/** A module of the contract that builds schemas as it runs: one that imports zod. */
function buildsSchemas(source: string): boolean {
  return /^import \{[^}]*\} from '\.\/zod';$/m.test(readFileSync(source, 'utf8'));
}

/** The contract's modules that build schemas, among those of the scripts the page has run. */
async function schemaModulesRun(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.startsWith('/assets/') && pathname.endsWith('.js')),
  );
  const modules = new Set<string>();
  // Every script but the bundler's own runtime helpers comes with its map: none of them read,
  // and the check would pass having looked at nothing.
  const mapped = scripts.filter((script) => existsSync(path.join(distDir, `${script}.map`)));
  expect(mapped.length, `source maps of ${scripts.join(', ')}`).toBeGreaterThan(scripts.length / 2);
  for (const script of mapped) {
    const map = path.join(distDir, `${script}.map`);
    const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
    for (const source of sources) {
      const file = /src\/api\/contract\/[^/]+\.ts$/.exec(source)?.[0];
      if (file && file !== 'src/api/contract/zod.ts' && buildsSchemas(file))
        modules.add(path.basename(file));
    }
  }
  return [...modules].sort();
}

/**
 * Opens `url` and waits until it has settled: taken over by the app, every answer it asked
 * for in (the history's event stream aside, which stays open), and the browser idle after.
 */
async function openSettled(page: Page, url: string): Promise<string[]> {
  const asked: string[] = [];
  let inFlight = 0;
  let lastChange = Date.now();
  const counts = (url: string) =>
    new URL(url).pathname.startsWith('/api/') && !url.includes('/api/history/events');
  page.on('request', (request) => {
    if (!counts(request.url())) return;
    asked.push(new URL(request.url()).pathname);
    inFlight += 1;
    lastChange = Date.now();
  });
  const settle = (request: { url(): string }) => {
    if (!counts(request.url())) return;
    inFlight -= 1;
    lastChange = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  await page.goto(url);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  // The page is live: its prerendered picture is no longer hidden from assistive technology.
  await expect(page.locator('#root [aria-hidden="true"][data-drawn]')).toHaveCount(0);
  await expect
    .poll(() => inFlight === 0 && Date.now() - lastChange > 1_000, { timeout: 20_000 })
    .toBe(true);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
  return asked;
}

for (const address of [
  '/',
  '/generate',
  '/train',
  '/jobs',
  '/files',
  '/sandbox',
  '/usage',
  '/settings',
]) {
  test(`${address} reads its first answers without building a schema`, async ({ page }) => {
    await openSettled(page, `${gateway.origin}${address}`);
    expect(await schemaModulesRun(page)).toEqual([]);
  });
}

for (const address of ['/voices', '/speech']) {
  test(`${address} lists the voice catalog without building a schema`, async ({ page }) => {
    const asked = await openSettled(page, `${gateway.origin}${address}`);
    // The catalog came in (checked by hand, src/api/endpoint-checks.ts), and is on the page.
    expect(asked).toContain('/api/v1/voice/list');
    const shown =
      address === '/voices'
        ? page.getByRole('button', { name: 'Copy voice ID of Aria' })
        : page.getByRole('combobox', { name: 'Voice' });
    await expect(shown).toBeVisible();
    if (address === '/speech') await expect(shown).toHaveValue(/\(/);
    expect(await schemaModulesRun(page)).toEqual([]);
  });
}

test.describe('signed in', () => {
  const password = 'start-up-schemas-password';
  const signedIn = ownGateway('start-up-schemas-signed-in', {
    DIST_DIR: distDir,
    GATEWAY_PASSWORD: password,
  });

  test('/settings lists the tokens and sessions without building a schema', async ({ page }) => {
    await page.goto(`${signedIn.origin}/auth/sign-in?next=%2Fsettings`);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${signedIn.origin}/settings`);

    await openSettled(page, `${signedIn.origin}/settings`);
    const access = page.getByRole('region', { name: 'Access', exact: true });
    await expect(access.getByRole('list', { name: 'Sessions' })).toContainText('This browser');
    expect(await schemaModulesRun(page)).toEqual([]);
  });
});
