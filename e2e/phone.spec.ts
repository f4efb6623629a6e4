import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations, violationLines } from './fixtures/axe';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';
import { wav } from './fixtures/wav';

/*
 * The dashboard on a phone: a 390 × 844 screen, touch, and the narrowest common width (320 px)
 * for what must not scroll sideways. The desktop specs cover what each page does; these check
 * that it can be reached and done with a finger.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// Pages load slowly while the other worker runs axe or the emulator renders media.
const loadTimeout = 20_000;

const suffix = () => Math.random().toString(36).slice(2, 8);

// Behind the open menu the page is inert, the Menu button too: includeHidden still finds it.
const menuButton = (page: Page, includeHidden = false) =>
  page.getByRole('button', { name: 'Menu', exact: true, includeHidden });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

/**
 * Things with long names and no place to break them, as another client may create: the pages
 * that list them must still fit the phone.
 */
async function createLongNames(request: APIRequestContext) {
  const id = suffix();
  const job = `phone_layout_with_a_long_name_that_never_breaks_${id}`;
  const file = `phone_a_long_file_name_without_any_place_to_break_${id}.wav`;
  const prompt = `Phonewidthcheck${id}withaverylongwordthatnevergivesthelayoutaplacetobreak`;
  const [taskId] = await Promise.all([
    referenceUrls(request, 110_000).then((urls) => createVoiceJob(request, job, urls)),
    request
      .post('/api/v1/files/upload', {
        multipart: {
          purpose: 'audio-input',
          file: {
            name: file,
            mimeType: 'audio/wav',
            buffer: wav({ seconds: 0.2, sampleRate: 8000 }),
          },
        },
      })
      .then((response) => expect(response.ok()).toBe(true)),
    request
      .post('/api/v1/image/generate', { data: { prompt } })
      .then((response) => expect(response.ok()).toBe(true)),
    request
      .post('/api/v1/code/sandbox', { data: { language: 'python', packages: ['numpy'] } })
      .then((response) => expect(response.ok()).toBe(true)),
  ]);
  return { job, taskId, file, prompt };
}

/** How far the page reaches sideways, the document's and the body's. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));

/** At 320 px too, the page (with what a journey just made) does not scroll sideways. */
async function expectFitsNarrowest(page: Page, what: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  await expect
    .poll(() => widths(page), { message: `${what} at 320 px` })
    .toEqual({ document: 320, body: 320 });
}

test('every page starts its heading near the top and fits a 320 px screen', async ({
  page,
  request,
}) => {
  // The first catalog request on a fresh data dir renders every voice preview.
  test.setTimeout(150_000);
  const made = await createLongNames(request);
  // Each page, and what shows that its content (and the long names) has loaded.
  const pages: { path: string; ready: (page: Page) => Locator }[] = [
    { path: '/', ready: (p) => p.getByRole('link', { name: /^Synthesize speech/ }) },
    { path: '/generate', ready: (p) => p.getByText(made.prompt).first() },
    {
      path: '/voices',
      ready: (p) => p.getByRole('list', { name: 'Voices' }).getByRole('article').first(),
    },
    { path: '/speech', ready: (p) => p.getByRole('combobox', { name: 'Voice' }) },
    { path: '/train', ready: (p) => p.getByRole('textbox', { name: 'Display name' }) },
    { path: '/jobs', ready: (p) => p.getByRole('article', { name: made.job }) },
    { path: `/jobs/${made.taskId}`, ready: (p) => p.getByText(made.taskId).first() },
    { path: '/files', ready: (p) => p.getByRole('listitem', { name: made.file }) },
    { path: '/sandbox', ready: (p) => p.getByRole('table', { name: 'Sandboxes on this gateway' }) },
    { path: '/usage', ready: (p) => p.getByLabel(/^Totals, /) },
    { path: '/settings', ready: (p) => p.getByRole('button', { name: 'Test connection' }) },
  ];
  for (const { path, ready } of pages) {
    await test.step(path, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(ready(page)).toBeVisible({ timeout: loadTimeout });
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveCount(1);
      const box = await heading.boundingBox();
      expect(box?.y, `the heading's top on ${path}`).toBeLessThanOrEqual(120);

      await expectFitsNarrowest(page, path);
    });
  }
});

test('the menu opens by tap, holds every page, the request log and the theme, and closes', async ({
  page,
}) => {
  await page.goto('/generate');
  await expect(page.getByRole('heading', { level: 1, name: 'Generate' })).toBeVisible();
  // The sidebar's navigation is not shown on a phone: only the menu's.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  await menuButton(page).tap();
  await expect(menu(page).getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(menuButton(page, true)).toHaveAttribute('aria-expanded', 'true');
  const nav = menu(page).getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Home',
    'Generate',
    'Voices',
    'Speech',
    'Train',
    /^Jobs/,
    'Files',
    'Sandbox',
    'Usage',
    'Settings',
  ]);
  await expect(nav.getByRole('link', { name: 'Generate' })).toHaveAttribute('aria-current', 'page');

  // The request log opens over the menu and closes back to it.
  await menu(page)
    .getByRole('button', { name: /^API requests/ })
    .tap();
  const log = page.getByRole('dialog', { name: 'API requests' });
  await log.getByRole('button', { name: 'Close' }).tap();
  await expect(log).toBeHidden();
  await expect(menu(page).getByRole('navigation', { name: 'Main' })).toBeVisible();

  await menu(page).getByText('Dark', { exact: true }).tap();
  await expect(page.locator('html')).toHaveClass(/dark/);

  // A tap beside the menu closes it.
  await page.touchscreen.tap(195, 820);
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

  await menuButton(page).tap();
  await nav.getByRole('link', { name: /^Jobs/ }).tap();
  await expect(page).toHaveURL(/\/jobs(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  await expect(menu(page)).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});

/** Each target's name and size, as drawn now. */
const targetSizes = (targets: Locator) =>
  targets.evaluateAll((elements) =>
    elements.map((element) => {
      const { width, height } = element.getBoundingClientRect();
      const name = element.textContent?.trim() || element.getAttribute('aria-label') || '?';
      return { name, width, height };
    }),
  );

/**
 * The WCAG 2.1 A and AA rules axe checks, as the desktop a11y spec runs them. Toasts are left
 * out: a job another test started may end and toast on every open page, and one fading in is
 * half transparent while axe measures it. The a11y spec checks toasts at rest.
 */
async function expectNoViolations(page: Page, state: string) {
  const violations = await axeViolations(page, { exclude: '[data-sonner-toaster]' });
  expect(violationLines(violations), state).toEqual([]);
}

test('the top bar and the menu are accessible, made of targets a finger can hit', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const bar = await targetSizes(page.getByRole('banner').locator('a, button'));
  await expectNoViolations(page, 'the top bar');
  await menuButton(page).tap();
  await expect(menu(page).getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoViolations(page, 'the open menu');
  // The theme's radios are drawn by their labels.
  const inMenu = await targetSizes(menu(page).locator('a, button, label'));
  // Home, Menu; ten pages, Close menu, API requests and three themes.
  expect(bar.length).toBeGreaterThanOrEqual(2);
  expect(inMenu.length).toBe(15);
  for (const size of [...bar, ...inMenu]) {
    expect(size.height, `${size.name}'s height`).toBeGreaterThanOrEqual(44);
    expect(size.width, `${size.name}'s width`).toBeGreaterThanOrEqual(44);
  }
});

/**
 * The controls of a page's content a finger could miss: the height of each button, tab, block
 * link and form field (a field drawn by its bordered wrapper is measured by the wrapper),
 * skipping links inside running text and what is not shown.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const selector =
      'main button, main [role="tab"], main a, main select, main textarea, main input:not([type="checkbox"], [type="radio"], [type="file"], [type="range"], [type="hidden"])';
    const drawnBy = (field: Element) => {
      const wrapper = field.parentElement;
      const bordered = wrapper && parseFloat(getComputedStyle(wrapper).borderTopWidth) > 0;
      return bordered && wrapper.querySelectorAll('input, select, textarea').length === 1
        ? wrapper
        : field;
    };
    return [...document.querySelectorAll(selector)].flatMap((control) => {
      if (control.tagName === 'A' && getComputedStyle(control).display === 'inline') return [];
      const target = ['INPUT', 'SELECT'].includes(control.tagName) ? drawnBy(control) : control;
      const { height, width } = target.getBoundingClientRect();
      if (!height || !width || height >= 44) return [];
      const name = control.getAttribute('aria-label') ?? (control as HTMLElement).innerText;
      return [`${control.tagName.toLowerCase()} “${name.trim().slice(0, 40)}”: ${height} px`];
    });
  });

test('every page’s buttons, tabs, links and fields are at least 44 px tall', async ({
  page,
  request,
}) => {
  test.slow(); // Eleven pages, the voice catalog's previews among them.
  // Every list has an entry to tap.
  await createLongNames(request);
  for (const path of ['/', '/generate', '/voices', '/speech', '/train', '/jobs', '/files']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Media Studio home' }).first()).toBeVisible({
      timeout: loadTimeout,
    });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/voices')
      await expect(page.getByRole('article').first()).toBeVisible({ timeout: loadTimeout });
    expect(await smallTargets(page), path).toEqual([]);
  }
  for (const [path, tab] of [
    ['/sandbox', null],
    ['/settings', null],
    ['/usage', null],
    ['/jobs?view=list', null],
    ['/train', 'Music LoRA'],
    ['/speech', 'Extend'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (tab) await page.getByRole('tab', { name: tab }).tap();
    await expect(page.getByRole('link', { name: 'Media Studio home' }).first()).toBeVisible();
    expect(await smallTargets(page), `${path} ${tab ?? ''}`).toEqual([]);
  }
});

test.describe('a narrow window used with the keyboard', () => {
  // A desktop zoomed to 400 % is as narrow as a phone, without touch: the menu puts the focus
  // on the current page (on a touch screen headless UI leaves it on the dialog, so no
  // on-screen keyboard pops up).
  test.use({ isMobile: false, hasTouch: false });

  test('reaches the content and the menu, and Escape closes it', async ({ page }) => {
    await page.goto('/generate');
    await expect(page.getByRole('heading', { level: 1, name: 'Generate' })).toBeVisible();
    // The shell draws the heading before the app starts: the menu button is the app's.
    await expect(menuButton(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press('Enter');
    // The focus starts on the current page.
    const nav = menu(page).getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Generate' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();

    await page.keyboard.press('Enter');
    const jobs = nav.getByRole('link', { name: /^Jobs/ });
    for (let i = 0; i < 10 && !(await jobs.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(jobs).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });
});

test.describe('journeys on a phone', () => {
  test('generates an image with the automatic tool', async ({ page }) => {
    await page.goto('/generate');
    const tab = page.getByRole('tabpanel', { name: 'Image generation' });
    const prompt = `A phone lighthouse ${suffix()}`;
    await tab.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await expect(tab.getByRole('combobox', { name: 'Tool' })).toHaveValue('auto');
    await tab.getByRole('button', { name: 'Generate image' }).tap();
    const image = tab.getByRole('region', { name: 'Image result' }).getByRole('img', {
      name: `${prompt} image 1`,
    });
    await expect(image).toBeVisible({ timeout: loadTimeout });
    await expect
      .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
    await expectFitsNarrowest(page, 'the image result');
  });

  test('synthesizes speech', async ({ page }) => {
    await page.goto('/speech');
    const panel = page.getByRole('tabpanel', { name: 'Speech' });
    await expect(panel.getByRole('combobox', { name: 'Voice' })).toHaveValue(/\(/, {
      timeout: loadTimeout,
    });
    await panel.getByRole('textbox', { name: 'Text' }).fill(`Phone ${suffix()} says hello.`);
    await panel.getByRole('button', { name: 'Synthesize' }).tap();
    await expect(panel.getByLabel('Audio details')).toContainText(/Duration\s*\d+\.\d+ s/, {
      timeout: loadTimeout,
    });
    await expectFitsNarrowest(page, 'the speech result');
  });

  test('uploads a file', async ({ page }) => {
    await page.goto('/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
    const name = `phone-${suffix()}.wav`;
    await page.getByLabel('Choose files to upload').setInputFiles({
      name,
      mimeType: 'audio/wav',
      buffer: wav({ seconds: 0.5, sampleRate: 8000 }),
    });
    await page.getByRole('button', { name: 'Upload 1 file' }).tap();
    await expect(
      page.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem', { name }),
    ).toContainText('audio-input', { timeout: loadTimeout });
    await expectFitsNarrowest(page, 'the upload');
  });

  test('starts a voice training and finds it on the jobs board', async ({ page }) => {
    await page.goto('/train?form=voice');
    const voice = page.getByRole('tabpanel', { name: 'Custom voice' });
    const id = suffix();
    await voice.getByRole('textbox', { name: 'Display name' }).fill(`Phone ${id}`);
    await voice.getByLabel('Reference audio files').setInputFiles(
      [220, 330, 440].map((frequency, n) => ({
        name: `phone-${n}.wav`,
        mimeType: 'audio/wav',
        buffer: wav({ seconds: 6, frequency }),
      })),
    );
    await expect(
      voice.getByRole('list', { name: 'Local clips' }).getByRole('listitem'),
    ).toHaveCount(3);
    // The clips' reports open as each is measured and push the button down: a tap aimed while
    // they still arrive lands on a report instead.
    const clipSet = voice.getByRole('region', { name: 'Clip set check' });
    await expect(clipSet).toContainText('3 clips · 18 s in all');
    await expect(clipSet).not.toContainText('measuring', { timeout: loadTimeout });
    await voice.getByRole('button', { name: 'Start voice training' }).tap();
    const board = voice
      .getByRole('status', { name: 'Training started' })
      .getByRole('link', { name: 'Open on the jobs board' });
    await expect(board).toBeVisible({ timeout: loadTimeout });
    await expectFitsNarrowest(page, 'the started training');
    await board.tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(page.getByRole('article', { name: `phone_${id}` })).toBeVisible();
  });
});
