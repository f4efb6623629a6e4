import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { historySourceHeader } from '../src/api/contract/history';
import { createVoiceJob, expectOnBoard, referenceUrls } from './fixtures/training-jobs';
import { clickInToast } from './fixtures/toasts';
import { wav } from './fixtures/wav';
import { zipSync } from 'fflate';

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 30_000;
// EMULATOR_TRAINING_SECONDS=12 (playwright.config.ts): 2 s queued, 12 s running.
const jobTimeout = 30_000;

test.describe.configure({ timeout: 90_000 });

function uniqueName(label: string) {
  return `e2e_${label}_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
}

async function createMusicLoraJob(request: APIRequestContext, name: string) {
  const zip = zipSync({
    'track_1.wav': new Uint8Array(wav({ seconds: 2, sampleRate: 8000, frequency: 220 })),
    'track_2.wav': new Uint8Array(wav({ seconds: 2, sampleRate: 8000, frequency: 330 })),
    'track_3.wav': new Uint8Array(wav({ seconds: 2, sampleRate: 8000, frequency: 440 })),
  });
  const upload = await request.post('/api/v1/files/upload', {
    multipart: {
      purpose: 'general',
      file: { name: `${name}.zip`, mimeType: 'application/zip', buffer: Buffer.from(zip) },
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const fileId = ((await upload.json()) as { data: { file_id: string } }).data.file_id;
  const response = await request.post('/api/v1/training/lora/music', {
    data: { name, dataset: fileId },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { task_id: string } }).data.task_id;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
const progressOf = (page: Page, name: string) =>
  card(page, name).getByRole('progressbar', { name: `Progress of ${name}` });
const progressValue = async (page: Page, name: string) =>
  Number(await progressOf(page, name).getAttribute('aria-valuenow'));

test('tracks a voice and a music LoRA from queued through running to completed', async ({
  page,
}) => {
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const urls = await referenceUrls(page.request, catalogTimeout);
  const voice = uniqueName('voice');
  const lora = uniqueName('lora');
  const voiceId = await createVoiceJob(page.request, voice, urls);
  await expectOnBoard(page, voice);
  const loraId = await createMusicLoraJob(page.request, lora);
  await expectOnBoard(page, lora);

  for (const name of [voice, lora]) {
    await expect(card(page, name).getByTestId('job-status')).toHaveText(/Queued|Running/);
  }
  await expect(card(page, voice).getByText(voiceId)).toBeVisible();
  await expect(card(page, voice)).toContainText('Voice');
  await expect(card(page, lora)).toContainText('Music LoRA');

  // Running: the bar moves, the cost so far shows, the tab title counts running jobs.
  await expect(card(page, voice).getByTestId('job-status')).toHaveText('Running', {
    timeout: jobTimeout,
  });
  await expect(page).toHaveTitle(/^\(\d+\) Jobs · Media Studio$/);
  await expect(page.getByRole('link', { name: /^Jobs\s*\d+ running$/ })).toBeVisible();
  await expect.poll(() => progressValue(page, voice), { timeout: jobTimeout }).toBeGreaterThan(0);
  const seen = await progressValue(page, voice);
  await expect(card(page, voice)).toContainText(/Cost so far\$\d/);
  await expect(progressOf(page, voice)).toHaveAttribute('aria-valuetext', /step \d+ of 200/);
  await expect
    .poll(() => progressValue(page, voice), { timeout: jobTimeout })
    .toBeGreaterThan(seen);

  // Completed: total cost and a link to the asset.
  for (const [name, cost] of [
    [voice, '$1.00'],
    [lora, '$2.00'],
  ] as const) {
    const done = card(page, name);
    await expect(done.getByTestId('job-status')).toHaveText('Completed', { timeout: jobTimeout });
    await expect(done).toContainText(`Total cost${cost}`);
    await expect(done.getByRole('link', { name: `Download asset of ${name}` })).toHaveAttribute(
      'href',
      /^https?:\/\//,
    );
    await expect(progressOf(page, name)).toHaveAttribute('aria-valuenow', '100');
  }
  await expect(page.getByRole('region', { name: 'Completed' })).toBeVisible();

  // The job page: status JSON as text, the chart's summary, and how to use the LoRA.
  await card(page, lora).getByRole('link', { name: lora, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${loraId}$`));
  await expect(page.getByText(`"task_id": "${loraId}"`)).toBeVisible();
  await expect(page.getByRole('img', { name: /Progress went from \d+% to 100%/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy lora_name' })).toBeVisible();
  await expect(page.getByRole('code').filter({ hasText: lora })).toBeVisible();
  await expect(page.getByText(/on music generation calls/)).toBeVisible();
});

test('shows a failed job with its error code and message', async ({ page }) => {
  await page.goto('/jobs');
  const name = uniqueName('broken');
  await createVoiceJob(page.request, name, ['http://127.0.0.1:9/x.wav']);
  await expectOnBoard(page, name);
  const failed = card(page, name);
  await expect(failed.getByTestId('job-status')).toHaveText('Failed', { timeout: jobTimeout });
  await expect(failed.getByTestId('job-error')).toContainText('input_unreachable');
  await expect(failed.getByTestId('job-error')).toContainText('127.0.0.1:9');
  await expect(page.getByRole('region', { name: 'Failed' })).toBeVisible();
});

test('keeps jobs across a reload and goes on updating them', async ({ page }) => {
  await page.goto('/jobs');
  const urls = await referenceUrls(page.request, catalogTimeout);
  const name = uniqueName('reload');
  await createVoiceJob(page.request, name, urls);
  await expectOnBoard(page, name);
  await expect.poll(() => progressValue(page, name), { timeout: jobTimeout }).toBeGreaterThan(0);
  const before = await progressValue(page, name);

  await page.reload();
  await expect(card(page, name)).toBeVisible();
  await expect
    .poll(() => progressValue(page, name), { timeout: jobTimeout })
    .toBeGreaterThan(before);
  await expect(card(page, name).getByTestId('job-status')).toHaveText('Completed', {
    timeout: jobTimeout,
  });
});

test('announces a completion on another page, and opens the job from the toast', async ({
  page,
}) => {
  await page.goto('/jobs');
  const urls = await referenceUrls(page.request, catalogTimeout);
  const name = uniqueName('toast');
  const taskId = await createVoiceJob(page.request, name, urls);
  await expectOnBoard(page, name);
  await expect(card(page, name).getByTestId('job-status')).toHaveText(/Queued|Running/);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Voices' })
    .click();
  await expect(page).toHaveURL(/\/voices/);
  const toast = page.getByRole('listitem').filter({ hasText: `Voice ${name} completed` });
  await expect(toast).toBeVisible({ timeout: jobTimeout });
  await clickInToast(page, toast, 'Open');
  await expect(page).toHaveURL(new RegExp(`/jobs/${taskId}$`));
  await expect(page.getByRole('link', { name: 'Try this voice' })).toHaveAttribute(
    'href',
    new RegExp(`/speech\\?.*voice=${name}`),
  );
});

test('two browsers with separate storage see the same job, and each status change within 2 s', async ({
  browser,
  request,
}) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const [a, b] = [await first.newPage(), await second.newPage()];
    await Promise.all([a.goto('/jobs'), b.goto('/jobs')]);
    await expect(a.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    await expect(b.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    // Created by another client (this test's own HTTP client), not by either browser.
    const name = uniqueName('shared');
    await createVoiceJob(request, name, await referenceUrls(request, catalogTimeout));
    await expectOnBoard(a, name);
    await expectOnBoard(b, name);
    for (const status of ['Running', 'Completed']) {
      await expect(card(a, name).getByTestId('job-status')).toHaveText(status, {
        timeout: jobTimeout,
      });
      await expect(card(b, name).getByTestId('job-status')).toHaveText(status, { timeout: 2_000 });
    }
  } finally {
    await first.close();
    await second.close();
  }
});

test('a running job pulses on the board, and keeps still for someone who asked for less motion', async ({
  browser,
  request,
}) => {
  const moving = await browser.newContext();
  const still = await browser.newContext({ reducedMotion: 'reduce' });
  try {
    const [a, b] = [await moving.newPage(), await still.newPage()];
    await Promise.all([a.goto('/jobs'), b.goto('/jobs')]);
    const name = uniqueName('motion');
    await createVoiceJob(request, name, await referenceUrls(request, catalogTimeout));
    // Animations that never end, in the job's card: each keeps the page drawing frames.
    const endless = (page: Page) =>
      card(page, name).evaluate(
        (element) =>
          element
            .getAnimations({ subtree: true })
            .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity)
            .length,
      );
    for (const page of [a, b]) {
      await expectOnBoard(page, name);
      await expect(card(page, name).getByTestId('job-status')).toHaveText('Running', {
        timeout: jobTimeout,
      });
    }
    expect(await endless(a)).toBeGreaterThan(0);
    expect(await endless(b)).toBe(0);
  } finally {
    await moving.close();
    await still.close();
  }
});

test('tracking a task id the gateway already follows says it is on the board', async ({ page }) => {
  await page.goto('/jobs');
  const name = uniqueName('known');
  const taskId = await createVoiceJob(
    page.request,
    name,
    await referenceUrls(page.request, catalogTimeout),
  );
  await expectOnBoard(page, name);
  const form = page.getByRole('form', { name: 'Track a task id' });
  await form.getByLabel('Task id').fill(taskId);
  await form.getByRole('button', { name: 'Track' }).click();
  await expect(form.getByRole('status')).toHaveText(`${name} is already on the board.`);
  await expect(page.getByRole('article', { name })).toHaveCount(1);
});

test('without the event stream, the board reads the history every few seconds instead', async ({
  page,
  request,
}) => {
  // A proxy that drops the stream: the tab falls back to reading the list.
  await page.route('**/api/history/events**', (route) => route.abort());
  await page.goto('/jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const name = uniqueName('nostream');
  await createVoiceJob(request, name, await referenceUrls(request, catalogTimeout));
  await expect(card(page, name)).toBeVisible({ timeout: 10_000 });
  await expect(card(page, name).getByTestId('job-status')).toHaveText('Completed', {
    timeout: jobTimeout,
  });
});

test('a board the gateway could not read says so, and fills in by itself once it can', async ({
  page,
  request,
}) => {
  const name = uniqueName('unread');
  await createVoiceJob(request, name, ['http://127.0.0.1:9/x.wav']);
  // Reads of the training list fail, as behind a proxy having a bad moment (the client's own
  // retries included), until the page has said so. The stream is down too: the job's changes
  // would otherwise bring it onto the board without any read.
  await page.route('**/api/history/events**', (route) => route.abort());
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/history',
    (route) =>
      failing && route.request().url().includes('kind=voice')
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({
              error: { code: 'upstream_unavailable', message: 'upstream unavailable' },
            }),
          })
        : route.fallback(),
  );
  await page.goto(`/jobs?q=${name}`);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not read' });
  await expect(alert).toContainText('upstream unavailable');
  await expect(page.getByText('No training jobs yet')).toHaveCount(0);
  failing = false;
  // Read again a few seconds later without the user's help.
  await expectOnBoard(page, name);
  await expect(alert).toHaveCount(0);
});

test('says which jobs another client started, and filters the board by who started them', async ({
  page,
  request,
}) => {
  const run = uniqueName('who');
  const mine = `${run}_dashboard`;
  const theirs = `${run}_script`;
  const urls = ['http://127.0.0.1:9/x.wav'];
  // The dashboard's own client marks its calls with this header; a script does not.
  const started = await request.post('/api/v1/training/voice', {
    data: { name: mine, reference_urls: urls },
    headers: { [historySourceHeader]: 'dashboard' },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await createVoiceJob(request, theirs, urls);

  await page.goto(`/jobs?q=${run}`);
  await expectOnBoard(page, mine);
  await expectOnBoard(page, theirs);
  await expect(card(page, theirs)).toContainText('started by another client');
  await expect(card(page, mine)).not.toContainText('another client');

  await page.getByLabel('Started from').selectOption('Other clients');
  await expect(page).toHaveURL(/source=client/);
  await expect(card(page, theirs)).toBeVisible();
  await expect(card(page, mine)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Started from')).toHaveValue('client');
  await expect(card(page, mine)).toHaveCount(0);
  await page.getByLabel('Started from').selectOption('This dashboard');
  await expect(card(page, mine)).toBeVisible();
  await expect(card(page, theirs)).toHaveCount(0);
});
