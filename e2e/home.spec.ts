import { expect, test } from '@playwright/test';
import { ownGateway } from './fixtures/own-gateway';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

/*
 * On a gateway of its own: home's recent jobs put the running and queued ones first, so on the
 * shared e2e gateway the trainings other specs start at the same moment push a finished job
 * out of the list.
 */

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 90_000;
// EMULATOR_TRAINING_SECONDS=12, as on the shared gateway: 2 s queued, 12 s running.
const jobTimeout = 30_000;

const gateway = ownGateway('home', { EMULATOR_TRAINING_SECONDS: '12' });

test('a tracked job shows on home with its live status and opens its page', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `e2e_home_${Date.now()}`;
  const taskId = await createVoiceJob(
    gateway.api,
    name,
    await referenceUrls(gateway.api, catalogTimeout),
  );

  // Created through the gateway by another client: home shows it with no action here.
  await page.goto(`${gateway.origin}/`);
  const recent = page.getByRole('list', { name: 'Recent jobs' });
  const row = recent.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Voice');
  // The watcher keeps polling while home is open: the row follows the job to the end.
  await expect(row.getByTestId('job-status')).toHaveText('Completed', { timeout: jobTimeout });
  await expect(page.getByRole('list', { name: 'Jobs by status' })).toContainText(/\d+ completed/);

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${taskId}`));
});
