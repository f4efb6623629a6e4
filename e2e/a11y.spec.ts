import { expect, test, type Page } from '@playwright/test';
import { axeViolations, blocking, type Violation } from './fixtures/axe';
import { createVoiceJob, expectOnBoard, referenceUrls } from './fixtures/training-jobs';
import { clickInToast } from './fixtures/toasts';
import { wav } from './fixtures/wav';

// Pages load slowly while the other worker runs axe or the emulator renders media.
const catalogTimeout = 15_000;

// Each test runs axe two or three times over a full page: on a busy machine that alone can take
// most of the default 30 s.
test.describe.configure({ timeout: 60_000 });
// Every board is shared, so a job another test started may finish, and toast, during any check
// here. With reduced motion a toast appears and leaves at full opacity (sonner honours it):
// axe never measures one half faded in.
test.use({ reducedMotion: 'reduce' });

// Sonner's list of toasts.
const toaster = '[data-sonner-toaster]';

/**
 * Runs axe on the page as it is now. Serious and critical violations fail the test with one
 * line per rule and target; the rest are attached to the report, so they stay visible.
 * `exclude` leaves out a part of the page that may change while axe reads it.
 */
async function expectAccessible(page: Page, state: string, options: { exclude?: string } = {}) {
  // A toast times out and fades while axe reads the page unless something holds it; a pointer
  // over it does, as it would for someone reading it.
  const toast = page.locator(`${toaster} [data-sonner-toast]`).first();
  if (await toast.isVisible()) await toast.hover({ timeout: 2_000 }).catch(() => {});
  // A toast fading in or out is half transparent: axe would measure a contrast nobody reads.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => {});
  const violations = await axeViolations(page, options);
  const describe = (list: readonly Violation[]) =>
    list
      .map(
        (v) =>
          `[${v.impact}] ${v.id}: ${v.help}\n` +
          v.nodes.map((node) => `    ${node.target.join(' ')}`).join('\n'),
      )
      .join('\n');
  const failing = blocking(violations);
  const other = violations.filter((v) => !failing.includes(v));
  if (other.length > 0 && process.env.A11Y_LOG) console.log(`${state}:\n${describe(other)}`);
  if (other.length > 0)
    test.info().annotations.push({ type: `a11y (${state})`, description: describe(other) });
  expect(
    failing.map((v) => v.id),
    `${state}:\n${describe(failing)}`,
  ).toEqual([]);
}

function unique(label: string) {
  return `a11y_${label}_${Math.random().toString(36).slice(2, 8)}`;
}

async function setDark(page: Page) {
  await page.getByRole('radio', { name: 'Dark' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Colours ease into the dark theme: contrast is checked once every transition has ended, as
  // a reader sees it, not midway.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
}

// On a fresh data dir the first catalog request renders every voice preview: done once per
// worker here, so the tests themselves stay short.
test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const response = await request.get('/api/v1/voice/list', { timeout: 110_000 });
  expect(response.ok()).toBe(true);
});

test.describe('accessibility (axe, WCAG 2.1 A/AA)', () => {
  test('home, light and dark', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expectAccessible(page, '/');
    await setDark(page);
    await expectAccessible(page, '/ dark');
  });

  test('voices, light and dark', async ({ page }) => {
    await page.goto('/voices');
    const cards = page.getByRole('list', { name: 'Voices' }).getByRole('article');
    await expect(cards.first()).toBeVisible({ timeout: catalogTimeout });
    await expectAccessible(page, '/voices');
    await setDark(page);
    await expectAccessible(page, '/voices dark');
  });

  test('generate: image tab, tool picker open, video tab', async ({ page }) => {
    await page.goto('/generate?tab=image');
    const image = page.getByRole('tabpanel', { name: 'Image generation' });
    await expect(image.getByRole('textbox', { name: 'Prompt' })).toBeVisible({
      timeout: catalogTimeout,
    });
    await expectAccessible(page, '/generate image tab');

    await image.getByRole('combobox', { name: 'Tool' }).fill('image');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectAccessible(page, '/generate tool picker open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    await page.getByRole('tab', { name: 'Video' }).click();
    const video = page.getByRole('tabpanel', { name: 'Video generation' });
    await expect(video.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
    await expectAccessible(page, '/generate video tab');
  });

  test('generate: an image result and its full-size dialog', async ({ page }) => {
    await page.goto('/generate?tab=image');
    const image = page.getByRole('tabpanel', { name: 'Image generation' });
    const prompt = unique('lighthouse');
    await image.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await image.getByRole('button', { name: 'Generate image' }).click();
    const result = image.getByRole('region', { name: 'Image result' });
    await expect(result.getByRole('img', { name: `${prompt} image 1` })).toBeVisible({
      timeout: 20_000,
    });
    await expectAccessible(page, '/generate image result');
    await result.getByRole('button', { name: `View ${prompt} image 1 full size` }).click();
    const dialog = page.getByRole('dialog', { name: `${prompt} image 1` });
    await expect(dialog.getByRole('img', { name: `${prompt} image 1` })).toBeVisible();
    await expectAccessible(page, '/generate image dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('generate, dark', async ({ page }) => {
    await page.goto('/generate?tab=image');
    await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
    await setDark(page);
    await expectAccessible(page, '/generate dark');
  });

  test('speech: speech tab and extend tab, and the API requests dialog', async ({ page }) => {
    await page.goto('/speech');
    const speech = page.getByRole('tabpanel', { name: 'Speech' });
    await expect(speech.getByRole('combobox', { name: 'Voice' })).toHaveValue(/\(/, {
      timeout: catalogTimeout,
    });
    await expectAccessible(page, '/speech');
    await speech.getByRole('textbox', { name: 'Text' }).fill('Axe listens to this line.');
    await speech.getByRole('button', { name: 'Synthesize' }).click();
    await expect(speech.getByRole('button', { name: /^Play Speech by / })).toBeVisible({
      timeout: 15_000,
    });
    await expectAccessible(page, '/speech with a result');

    await page.getByRole('tab', { name: 'Extend' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Extend' })).toBeVisible();
    await expectAccessible(page, '/speech extend tab');

    await page.getByRole('button', { name: /^API requests/ }).click();
    const log = page.getByRole('dialog', { name: 'API requests' });
    await expect(log.getByRole('list', { name: 'API requests' })).toBeVisible();
    await expectAccessible(page, 'API requests dialog');
  });

  for (const [form, name] of [
    ['voice', 'Custom voice'],
    ['music', 'Music LoRA'],
    ['video', 'Video LoRA'],
  ] as const) {
    test(`train: ${form} form`, async ({ page }) => {
      await page.goto(`/train?form=${form}`);
      await expect(page.getByRole('tabpanel', { name })).toBeVisible();
      await expectAccessible(page, `/train?form=${form}`);
    });
  }

  test('jobs with a job, its completion toast, and the job page, also dark', async ({ page }) => {
    const name = unique('voice');
    const urls = await referenceUrls(page.request, catalogTimeout);
    const taskId = await createVoiceJob(page.request, name, urls);

    await page.goto('/jobs');
    await expectOnBoard(page, name);
    const card = page.getByRole('article', { name });
    await expect(card.getByTestId('job-status')).toHaveText(/Queued|Running/);
    // The job ends a few seconds from now and its toast fades in whenever that is: the toaster
    // is left out here and checked below, once the toast has settled.
    await expectAccessible(page, '/jobs with a running job', { exclude: toaster });

    await expect(card.getByTestId('job-status')).toHaveText('Completed', { timeout: 30_000 });
    const toast = page.getByRole('listitem').filter({ hasText: `${name} completed` });
    await expect(toast).toBeVisible();
    await expectAccessible(page, '/jobs with a completion toast');
    await setDark(page);
    await expect(toast).toBeVisible();
    await expectAccessible(page, '/jobs with a completion toast, dark');

    // The toast's own way to the job: it closes the toast, which is gone before axe runs again.
    await clickInToast(page, toast, 'Open');
    await expect(toast).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/jobs/${taskId}$`));
    await expect(page.getByText(`"task_id": "${taskId}"`)).toBeVisible();
    await expectAccessible(page, '/jobs/$taskId dark');
  });

  test('files after an upload', async ({ page }) => {
    await page.goto('/files');
    // The list is the gateway's, shared with the tests running beside this one: maybe not empty.
    await expect(
      page.getByRole('heading', { name: /^Uploaded through this gateway/ }),
    ).toBeVisible();
    await expectAccessible(page, '/files before an upload');
    const name = `${unique('tone')}.wav`;
    await page.getByLabel('Choose files to upload').setInputFiles({
      name,
      mimeType: 'audio/wav',
      buffer: wav({ seconds: 0.5, sampleRate: 8000 }),
    });
    await expectAccessible(page, '/files queued');
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const listed = page
      .getByRole('list', { name: 'Uploaded files' })
      .getByRole('listitem', { name });
    await expect(listed).toContainText('audio-input');
    await expectAccessible(page, '/files uploaded');
  });

  test('sandbox with a session', async ({ page }) => {
    await page.goto('/sandbox');
    const form = page.getByRole('form', { name: 'New sandbox' });
    await form.getByRole('button', { name: 'Create sandbox' }).click();
    await expect(page.getByText(/^Sandbox sbx\S* created$/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sandboxes on this gateway' })).toContainText(
      'ready',
    );
    await expectAccessible(page, '/sandbox with a session');
  });

  test('usage with its charts and a table, light and dark', async ({ page }) => {
    // Its own job, so the page has charts whatever ran before.
    const image = await page.request.post('/api/v1/image/generate', {
      data: { prompt: unique('usage') },
    });
    expect(image.ok()).toBe(true);
    await page.goto('/usage');
    const jobs = page.getByRole('figure', { name: 'Jobs per day by status' });
    await expect(jobs.getByRole('img')).toBeVisible();
    await jobs.getByRole('button', { name: 'Table' }).click();
    await expect(jobs.getByRole('table')).toBeVisible();
    await expectAccessible(page, '/usage');
    await setDark(page);
    await expectAccessible(page, '/usage dark');
  });

  test('settings in gateway and direct mode', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByLabel('Gateway status')).toContainText('Configured');
    await expectAccessible(page, '/settings');
    await page.getByRole('radio', { name: /Directly to a service URL/ }).check();
    await expect(page.getByRole('note')).toContainText('stored in this browser');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByText('API key is required in direct mode')).toBeVisible();
    await expectAccessible(page, '/settings direct mode with errors');
  });

  test('not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'not found');
  });
});
