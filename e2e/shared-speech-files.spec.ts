import { expect, test, type Browser, type Page } from '@playwright/test';
import { wav } from './fixtures/wav';

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 20_000;

/** A text no other test uses: the history is shared by every test running beside this one. */
const uniqueText = (label: string) =>
  `${label} ${Math.random().toString(36).slice(2, 8)}: a take the whole team can hear again.`;

const speechPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Speech' });
const historyEntry = (page: Page, text: string) =>
  speechPanel(page).getByRole('article', { name: `History: ${text.slice(0, 39)}…` });

async function openSpeech(page: Page) {
  await page.goto('/speech');
  await expect(speechPanel(page).getByRole('combobox', { name: 'Voice' })).toHaveValue(/\(/, {
    timeout: catalogTimeout,
  });
}

/** Two browsers with nothing in common but the gateway. */
async function twoBrowsers(browser: Browser) {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [a, b] = [await contexts[0]!.newPage(), await contexts[1]!.newPage()];
  return { a, b, close: () => Promise.all(contexts.map((context) => context.close())) };
}

test('a take synthesized in one browser is in another’s history at once, plays there, and is deleted for both', async ({
  browser,
}) => {
  const { a, b, close } = await twoBrowsers(browser);
  try {
    await Promise.all([openSpeech(a), openSpeech(b)]);
    const text = uniqueText('Shared');
    await speechPanel(a).getByRole('textbox', { name: 'Text' }).fill(text);
    await speechPanel(a).getByRole('button', { name: 'Synthesize' }).click();

    // No reload in B: the gateway's event stream brings the take.
    const entry = historyEntry(b, text);
    await expect(entry).toBeVisible({ timeout: 15_000 });
    await expect(entry).toContainText(/\d+\.\d+ s/);
    await expect(entry).not.toContainText('From another client');
    await entry.getByRole('button', { name: /^Play / }).click();
    const audio = entry.locator('audio');
    await expect
      .poll(() => audio.evaluate((el: HTMLMediaElement) => el.duration || 0), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(entry.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      /^http:\/\/127\.0\.0\.1:\d+\/api\/history\/[^/]+\/audio$/,
    );

    a.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('from the history of everyone on this gateway');
      void dialog.accept();
    });
    await historyEntry(a, text)
      .getByRole('button', { name: /for everyone$/ })
      .click();
    await expect(historyEntry(a, text)).toHaveCount(0);
    await expect(entry).toHaveCount(0);
  } finally {
    await close();
  }
});

test('a file uploaded in one browser is in another’s files list without a reload', async ({
  browser,
}) => {
  const { a, b, close } = await twoBrowsers(browser);
  try {
    await Promise.all([a.goto('/files'), b.goto('/files')]);
    await expect(a.getByRole('heading', { name: /^Uploaded through this gateway/ })).toBeVisible();
    await expect(b.getByRole('heading', { name: /^Uploaded through this gateway/ })).toBeVisible();
    const name = `shared-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.wav`;
    await a.getByLabel('Choose files to upload').setInputFiles({
      name,
      mimeType: 'audio/wav',
      buffer: wav({ seconds: 0.5, sampleRate: 8000, frequency: 440 }),
    });
    await a.getByRole('button', { name: 'Upload 1 file' }).click();

    const row = b.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem', { name });
    await expect(row).toContainText('audio-input', { timeout: 15_000 });
    await expect(row).toContainText(/file/);
    await expect(
      row.getByRole('link', { name: `Use as dataset for Voice reference: ${name}` }),
    ).toBeVisible();
  } finally {
    await close();
  }
});

test('speech requested by another client (as curl would) appears in an open history unasked', async ({
  page,
  request,
}) => {
  await openSpeech(page);
  const text = uniqueText('Curl');
  // Straight to the gateway, without the dashboard: the gateway adds the key.
  const response = await request.post('/api/v1/t2a', {
    data: { text, format: 'mp3' },
    timeout: catalogTimeout,
  });
  expect(response.ok(), await response.text()).toBe(true);

  const entry = historyEntry(page, text);
  await expect(entry).toBeVisible({ timeout: 15_000 });
  await expect(entry).toContainText('From another client');
  await expect(entry.getByRole('button', { name: /^Play / })).toBeVisible();

  // Who sent it is a filter of the shared history, kept in the URL like the search.
  const sentFrom = speechPanel(page).getByRole('combobox', { name: 'Sent from' });
  await sentFrom.selectOption({ label: 'This dashboard' });
  await expect(page).toHaveURL(/[?&]hsource=dashboard/);
  await expect(entry).toHaveCount(0);
  await sentFrom.selectOption({ label: 'Other clients' });
  await expect(page).toHaveURL(/[?&]hsource=client/);
  await expect(entry).toBeVisible();
});

test('a page reads each of its history lists once: the event stream resumes from where they were read', async ({
  page,
}) => {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/history') reads.push(url.searchParams.get('kind') ?? 'every kind');
  });
  const stream = page.waitForResponse((response) => response.url().includes('/api/history/events'));
  await openSpeech(page);
  const opened = await stream;
  // Resumed from the number the lists' answers carried, not from whatever is newest now.
  expect(new URL(opened.url()).searchParams.get('last_event_id')).toMatch(/^\d+$/);
  // A read again would leave as soon as the stream is open; give it time to show.
  await page.waitForTimeout(1_000);
  expect(reads.length).toBeGreaterThan(0);
  expect(new Set(reads).size).toBe(reads.length);
});
