import { expect, test } from '@playwright/test';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 30_000;
// EMULATOR_TRAINING_SECONDS=12 (playwright.config.ts): 2 s queued, 12 s running.
const jobTimeout = 30_000;

test.describe.configure({ timeout: 90_000 });

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
