import { expect, test } from '@playwright/test';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 30_000;
// EMULATOR_TRAINING_SECONDS=12 (playwright.config.ts): 2 s queued, 12 s running.
const jobTimeout = 30_000;

test.describe.configure({ timeout: 90_000 });

test('an empty home offers every task and a way to start training', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const jobs = page.getByRole('region', { name: 'Training jobs' });
  await expect(jobs).toContainText('No training jobs in this browser yet.');

  await page.getByRole('link', { name: /^Generate a video/ }).click();
  await expect(page).toHaveURL(/\/generate\?tab=video/);
  await expect(page.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');

  await page.goBack();
  await page.getByRole('link', { name: /^Train a LoRA/ }).click();
  await expect(page).toHaveURL(/\/train\?form=music/);
  await expect(page.getByRole('heading', { level: 1, name: 'Train' })).toBeVisible();
});

test('a tracked job shows on home with its live status and opens its page', async ({
  page,
  request,
}) => {
  const name = `e2e_home_${Date.now()}`;
  const taskId = await createVoiceJob(request, name, await referenceUrls(request, catalogTimeout));

  // Created through the gateway by another client: home shows it with no action here.
  await page.goto('/');
  const recent = page.getByRole('list', { name: 'Recent jobs' });
  const row = recent.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Voice');
  // The watcher keeps polling while home is open: the row follows the job to the end.
  await expect(row.getByTestId('job-status')).toHaveText('Completed', { timeout: jobTimeout });
  await expect(page.getByRole('list', { name: 'Jobs by status' })).toContainText(/\d+ completed/);

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${taskId}`));
});
