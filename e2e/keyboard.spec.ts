import { expect, test, type FileChooser, type Locator, type Page } from '@playwright/test';
import { wav } from './fixtures/wav';

/*
 * Each journey of the other specs, done with the keyboard alone: focus moves only by Tab,
 * Shift+Tab and arrows; controls are used with Enter, Space and Escape; text is typed. A file
 * picker is opened from the focused control and answered through Playwright's file chooser,
 * since the OS dialog itself cannot be driven.
 */

// Pages load slowly while the other worker runs axe or the emulator renders media.
const catalogTimeout = 15_000;

// A journey is dozens of key presses, each checked by a round trip to the browser: 5–15 s on
// a quiet machine, two to four times that on a loaded one.
test.describe.configure({ timeout: 60_000 });

// A list that is still rendering may swap the element out under the locator for a moment.
const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement, undefined, { timeout: 5_000 });

/** Whether the element draws a focus indicator (an outline or a ring) right now. */
const hasFocusRing = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    const { width, height } = element.getBoundingClientRect();
    // A visually hidden control (a 1 px radio or file input) cannot show its own focus.
    if (width <= 1 || height <= 1) return false;
    return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
  });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, and checks that the focus can be
 * seen there (on `ring`, when the focused control draws it elsewhere); fails if never reached.
 */
async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 80, ring = target }: { back?: boolean; max?: number; ring?: Locator } = {},
) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) {
      await expect
        .poll(() => hasFocusRing(ring), {
          message: `the focus is visible on ${ring}`,
          timeout: 2_000,
        })
        .toBe(true);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `not reached with ${max} × ${back ? 'Shift+Tab' : 'Tab'}`).toBeFocused({
    timeout: 1,
  });
}

/**
 * The first file chooser the page opens. Called when the test starts, before the page loads:
 * Playwright turns the browser's chooser interception on without waiting for it, so a chooser
 * opened right after the call (by the next key press) could open unwatched and never be seen.
 */
function watchFileChooser(page: Page): Promise<FileChooser> {
  return page.waitForEvent('filechooser');
}

/** Loads a page and moves into its content through the skip link, as a keyboard user would. */
async function openPage(page: Page, path: string, ready: Locator) {
  await page.goto(path);
  await expect(ready).toBeVisible({ timeout: catalogTimeout });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
}

const mediaTime = (media: Locator) =>
  media.evaluate((element: HTMLMediaElement) => element.currentTime + (element.ended ? 1 : 0));

// On a fresh data dir the first catalog request renders every voice preview: done once per
// worker here, so the tests themselves stay short.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const response = await request.get('/api/v1/voice/list', { timeout: 110_000 });
  expect(response.ok()).toBe(true);
});

test('home: open a task from its shortcut', async ({ page }) => {
  const speech = page.getByRole('link', { name: /^Synthesize speech/ });
  await openPage(page, '/', speech);
  await tabTo(page, speech);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Speech' })).toBeVisible();
  await expect(page).toHaveURL(/\/speech\?tab=speech/);
});

test('voices: browse the cards and play a preview', async ({ page }) => {
  const list = page.getByRole('list', { name: 'Voices' });
  const first = list.getByRole('article').first();
  await openPage(page, '/voices', first);
  await tabTo(page, first);
  await page.keyboard.press('ArrowRight');
  const second = list.getByRole('article').nth(1);
  await expect(second).toBeFocused();
  const name = (await second.getByRole('heading', { level: 3 }).textContent()) ?? '';
  const play = second.getByRole('button', { name: `Play Preview of ${name}`, exact: true });
  await tabTo(page, play);
  await page.keyboard.press('Enter');
  const audio = second.getByLabel(`Preview of ${name}`, { exact: true });
  await expect.poll(() => mediaTime(audio), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(
    second.getByRole('button', { name: `Pause Preview of ${name}`, exact: true }),
  ).toBeFocused();
});

test('speech: synthesize a text and play it', async ({ page }) => {
  const panel = page.getByRole('tabpanel', { name: 'Speech' });
  const voice = panel.getByRole('combobox', { name: 'Voice' });
  await page.goto('/speech');
  await expect(voice).toHaveValue(/\(/, { timeout: catalogTimeout });
  const text = panel.getByRole('textbox', { name: 'Text' });
  await tabTo(page, text);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`Keyboard ${Math.random().toString(36).slice(2, 8)} says hello.`);

  // Another voice, chosen from the list with the arrows.
  await tabTo(page, voice);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('marcus');
  await expect(page.getByRole('option', { name: /^Marcus/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(voice).toHaveValue('Marcus (en_marcus)');

  await tabTo(page, panel.getByRole('button', { name: 'Synthesize' }));
  await page.keyboard.press('Enter');
  const play = panel.getByRole('button', { name: 'Play Speech by Marcus' });
  await expect(play).toBeVisible({ timeout: 15_000 });
  await tabTo(page, play);
  await page.keyboard.press(' ');
  const audio = page.locator('audio[aria-label="Speech by Marcus"]');
  await expect.poll(() => mediaTime(audio), { timeout: 10_000 }).toBeGreaterThan(0);
});

test('generate: an image, opened full size and closed', async ({ page }) => {
  const tab = page.getByRole('tabpanel', { name: 'Image generation' });
  const prompt = tab.getByRole('textbox', { name: 'Prompt' });
  await openPage(page, '/generate?tab=image', prompt);
  await tabTo(page, prompt);
  const words = `Keyboard lighthouse ${Math.random().toString(36).slice(2, 8)}`;
  await page.keyboard.type(words);
  await tabTo(page, tab.getByRole('button', { name: 'Generate image' }));
  await page.keyboard.press('Enter');

  const view = tab.getByRole('button', { name: `View ${words} image 1 full size` });
  await expect(view).toBeVisible({ timeout: 20_000 });
  await tabTo(page, view);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `${words} image 1` });
  await expect(dialog.getByRole('heading', { name: `${words} image 1` })).toBeVisible();
  // The focus is inside the dialog, and Tab keeps it there.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(view).toBeFocused();
});

test('files: upload a file', async ({ page }) => {
  const chooser = watchFileChooser(page);
  const zone = page.getByRole('button', { name: /Drop files here or choose files/ });
  await openPage(page, '/files', zone);
  await tabTo(page, zone);
  await page.keyboard.press('Enter');
  const name = `keys-${Date.now()}.wav`;
  await (
    await chooser
  ).setFiles({ name, mimeType: 'audio/wav', buffer: wav({ seconds: 0.5, sampleRate: 8000 }) });

  await tabTo(page, page.getByRole('button', { name: 'Upload 1 file' }));
  await page.keyboard.press('Enter');
  const listed = page.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem', { name });
  await expect(listed).toContainText('audio-input');
});

test('train: a voice from three WAV clips, then its job', async ({ page }) => {
  test.setTimeout(60_000);
  const chooser = watchFileChooser(page);
  const voice = page.getByRole('tabpanel', { name: 'Custom voice' });
  const display = voice.getByRole('textbox', { name: 'Display name' });
  await openPage(page, '/train?form=voice', display);
  await tabTo(page, display);
  const suffix = Math.random().toString(36).slice(2, 8);
  await page.keyboard.type(`Keys ${suffix}`);
  const name = `keys_${suffix}`;
  await expect(voice.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);

  // The input is visually hidden; the drop zone above it shows the focus.
  await tabTo(page, voice.getByLabel('Reference audio files'), {
    ring: voice.getByText(/^Drop files here, or/).locator('..'),
  });
  await page.keyboard.press(' ');
  await (
    await chooser
  ).setFiles(
    [220, 330, 440].map((frequency, n) => ({
      name: `keys-${n}.wav`,
      mimeType: 'audio/wav',
      buffer: wav({ seconds: 6, frequency }),
    })),
  );
  await expect(voice.getByRole('list', { name: 'Local clips' }).getByRole('listitem')).toHaveCount(
    3,
  );

  await tabTo(page, voice.getByRole('button', { name: 'Start voice training' }));
  await page.keyboard.press('Enter');
  const created = voice.getByRole('status', { name: 'Training started' });
  const board = created.getByRole('link', { name: 'Open on the jobs board' });
  await expect(board).toBeVisible({ timeout: 20_000 });
  await tabTo(page, board, { back: true });
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const job = page.getByRole('article', { name }).getByRole('link', { name, exact: true });
  await tabTo(page, job);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/jobs\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('sandbox: create one', async ({ page }) => {
  const form = page.getByRole('form', { name: 'New sandbox' });
  const packages = form.getByRole('textbox', { name: 'Packages' });
  await openPage(page, '/sandbox', packages);
  // The language is a radio group: the arrows choose.
  const python = form.getByRole('radio', { name: 'Python' });
  await tabTo(page, python, { ring: python.locator('..') });
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: 'Python' })).not.toBeChecked();
  // The field's box draws the focus around the chips and the input.
  await tabTo(page, packages, { ring: packages.locator('..') });
  await page.keyboard.type('lodash');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('list', { name: 'Chosen packages' })).toContainText('lodash');
  await tabTo(page, form.getByRole('button', { name: 'Create sandbox' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Sandbox sbx\S* created$/)).toBeVisible();
  const row = page.getByRole('table', { name: 'Sandboxes on this gateway' }).getByRole('row', {
    name: /lodash/,
  });
  await expect(row).toContainText('ready');
});

test('settings: change the theme and test the connection', async ({ page }) => {
  const test = page.getByRole('button', { name: 'Test connection' });
  await openPage(page, '/settings', test);
  const dark = page.getByRole('radio', { name: 'Dark' });
  const current = page.getByRole('radio', { checked: true, name: /Light|Dark|System/ });
  await tabTo(page, current, { back: true, ring: current.locator('..') });
  while (!(await isFocused(dark))) await page.keyboard.press('ArrowRight');
  await expect(dark).toBeChecked();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await tabTo(page, test);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toContainText(
    /\d+ voices/,
    { timeout: catalogTimeout },
  );
});
