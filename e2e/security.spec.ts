import { expect, test, type Page } from '@playwright/test';
import { e2ePorts } from './fixtures/ports';
import { VoicesPage } from './pages/voices-page';

/**
 * The fixture upstream (e2e/fixtures/upstream-server.ts) lists a hostile voice: markup and
 * script URLs in every field. Through the gateway it must render as inert text.
 */
const gatewayWithUpstream = `http://127.0.0.1:${e2ePorts.gatewayWithUpstream}`;
const hostileName = '<img src=x onerror="window.__pwned=1">Eve<script>window.__pwned=2</script>';
const hostileDescription = '<b>markup</b><iframe src="javascript:window.__pwned=3"></iframe>';
const hostileTags = [
  '<img src=x onerror="window.__pwned=7">',
  '<a href="javascript:window.__pwned=8">tag</a>',
];

test.use({ baseURL: gatewayWithUpstream });

/** What the page holds that could only have come from the voice's data. */
function inspect(page: Page) {
  return page.evaluate(() => {
    const scripts = [...document.querySelectorAll('script')].map((s) => s.getAttribute('src'));
    const urls = [...document.querySelectorAll('[href], [src], [action], [formaction], [data]')]
      .flatMap((el) =>
        ['href', 'src', 'action', 'formaction', 'data'].map((name) => el.getAttribute(name)),
      )
      .filter((value): value is string => value !== null);
    return {
      pwned: (window as { __pwned?: unknown }).__pwned,
      imgX: document.querySelectorAll('img[src="x"]').length,
      inlineScripts: scripts.filter((src) => src === null).length,
      foreignScripts: scripts.filter((src) => src !== null && !src.startsWith('/assets/')),
      iframes: document.querySelectorAll('iframe, object, embed, frame').length,
      svgWithOnload: document.querySelectorAll('[onload], [onerror], [onclick]').length,
      scriptUrls: urls.filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
    };
  });
}

async function expectInert(page: Page, where: string) {
  expect(await inspect(page), where).toEqual({
    pwned: undefined,
    imgX: 0,
    // index.html's theme and shell scripts, allowed by their hashes; data never adds another.
    inlineScripts: 2,
    foreignScripts: [],
    iframes: 0,
    svgWithOnload: 0,
    scriptUrls: [],
  });
}

test('a hostile voice from the service renders as inert text, with the CSP on the page', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  const response = await page.goto('/voices');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("object-src 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');

  const voices = new VoicesPage(page);
  await expect(voices.cards.first()).toBeVisible();
  const card = voices.card(hostileName);
  await expect(card).toBeVisible();

  // The literal markup is shown as text.
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(hostileName);
  await expect(card.getByText(hostileDescription, { exact: true })).toBeVisible();
  const tags = card.getByRole('list', { name: 'Tags' }).getByRole('listitem');
  await expect(tags).toHaveText(hostileTags);
  // Neither a javascript: audio URL nor a data: video URL becomes a player.
  await expect(card.getByText('No playable preview.')).toBeVisible();
  await expect(card.getByRole('button', { name: /^Watch video preview/ })).toHaveCount(0);
  await expectInert(page, 'list');

  // Open everything the card offers.
  await card.getByRole('button', { name: `Try a line with ${hostileName}`, exact: true }).click();
  await expect(
    card.getByRole('button', { name: `Try a line with ${hostileName}`, exact: true }),
  ).toHaveAttribute('aria-expanded', 'true');
  await card.getByRole('button', { name: `Compare ${hostileName}`, exact: true }).click();
  await voices.card('Aria').getByRole('button', { name: 'Compare Aria', exact: true }).click();
  const compare = page.getByRole('region', { name: 'Compare voices' });
  await expect(compare).toContainText(hostileName);
  await expect(voices.playButton('Aria')).toBeVisible();
  await expectInert(page, 'try line and compare open');

  // Keyboard: Space on the card asks its (absent) preview to play.
  await card.focus();
  await page.keyboard.press('Space');
  await expectInert(page, 'space on the card');

  // The voice travels to the speech page by its id.
  await card.getByRole('link', { name: `Use for speech with ${hostileName}`, exact: true }).click();
  await expect(page).toHaveURL(/\/speech\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectInert(page, 'speech page');

  expect(dialogs).toEqual([]);
});

test('the inline theme script runs under the CSP, and the page breaks no policy', async ({
  page,
  baseURL,
}) => {
  const cspConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
  });
  // A browser that chose the dark theme: the gateway writes it into the page it sends.
  await page.context().addCookies([{ name: 'media-studio-theme', value: 'dark', url: baseURL! }]);
  await page.addInitScript(() => {
    localStorage.setItem('media-studio.theme', 'dark');
    const seen: string[] = [];
    (window as { __violations?: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const violations = () =>
    page.evaluate(() => (window as { __violations?: string[] }).__violations);

  // Without the app's code only index.html's own script can have applied the saved theme.
  await page.route('**/assets/**', (route) => route.abort());
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await violations()).toEqual([]);

  await page.unroute('**/assets/**');
  await page.goto('/generate');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await violations()).toEqual([]);
  expect(cspConsole).toEqual([]);
});
