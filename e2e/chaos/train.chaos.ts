import { expect, test, type Response } from '@playwright/test';
import { wav } from '../fixtures/wav';
import { failOnce, untilSucceeds } from './until-succeeds';

// EMULATOR_TRAINING_SECONDS=6: about 1 s queued, 6 s running, plus polls backing off after faults.
const jobTimeout = 60_000;

const voiceClips = [
  { name: 'clip-a.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 6, frequency: 220 }) },
  { name: 'clip-b.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 6, frequency: 330 }) },
  { name: 'clip-c.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 6, noise: true }) },
];

test('starts a voice training through faults and the jobs board follows it to completion', async ({
  page,
}) => {
  const statusPolls: { status: number; fault: string | null }[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.startsWith('/api/v1/training/status/'))
      statusPolls.push({
        status: response.status(),
        fault: response.headers()['x-emulator-fault'] ?? null,
      });
  });

  await page.goto('/train?form=voice');
  const form = page.getByRole('tabpanel', { name: 'Custom voice' });
  const suffix = Math.random().toString(36).slice(2, 8);
  const displayName = form.getByRole('textbox', { name: 'Display name' });
  await displayName.fill(`Chaos Narration ${suffix}`);
  const name = `chaos_narration_${suffix}`;
  const nameBox = form.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameBox).toHaveValue(name);
  await form.getByLabel('Reference audio files').setInputFiles(voiceClips);
  const clips = form.getByRole('list', { name: 'Local clips' }).getByRole('listitem');
  await expect(clips).toHaveCount(3);
  await expect(clips.first()).toContainText('0:06.0');

  // Uploads and the creation carry the start's keys, so the client retries them by itself and
  // the gateway answers a repeat with the first answer: the first creation is made to fail here,
  // and uploads and creations fail at the emulator's whim, yet one job comes of it.
  const creations: number[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname === '/api/v1/training/voice')
      creations.push(response.status());
  });
  await failOnce(page, '**/api/v1/training/voice');
  const failure = page.getByRole('alert').filter({ hasText: 'The voice training was not started' });
  const created = page.getByRole('status', { name: 'Training started' });
  await untilSucceeds(
    page,
    () => form.getByRole('button', { name: 'Start voice training' }).click(),
    { success: created, failure },
    {
      timeout: 60_000,
      onFailure: async () => {
        await expect(nameBox).toHaveValue(name);
        await expect(displayName).toHaveValue(`Chaos Narration ${suffix}`);
        await expect(clips).toHaveCount(3);
      },
    },
  );
  // The forced failure was met and sent again, by the client or from the alert's Retry.
  expect(creations[0]).toBe(500);
  expect(creations.at(-1)).toBe(200);
  await expect(created).toContainText(name);
  const taskId = (
    await created.getByRole('definition').nth(1).locator('code').textContent()
  )?.trim();
  expect(taskId).toBeTruthy();

  // The gateway's poller reads the status for every viewer, through the same faults: the board
  // follows the job to the end without a single status call of its own.
  await created.getByRole('link', { name: 'Open on the jobs board' }).click();
  await expect(page).toHaveURL(/\/jobs(\?|$)/);
  const card = page.getByRole('article', { name });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('job-status')).toHaveText('Completed', { timeout: jobTimeout });
  await expect(card.getByRole('link', { name: `Download asset of ${name}` })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  // One started job is one card, and the browser left the polling to the gateway.
  expect(statusPolls).toEqual([]);
  await page.reload();
  await expect(page.getByRole('article', { name })).toHaveCount(1);
  await expect(page.getByRole('article', { name }).getByTestId('job-status')).toHaveText(
    'Completed',
  );
});
