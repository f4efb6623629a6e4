import { expect, test } from '@playwright/test';
import { failOnce, untilSucceeds } from './until-succeeds';

test('synthesizes speech (sync) through faults; a failed request keeps the form', async ({
  page,
}) => {
  await page.goto('/speech');
  const panel = page.getByRole('tabpanel', { name: 'Speech' });
  const voice = panel.getByRole('combobox', { name: 'Voice' });
  // The catalog fills the default voice in; if it fails after the client's retries, the picker
  // says so and offers a retry.
  const catalogFailure = panel.getByRole('button', { name: 'Retry', exact: true });
  await expect(async () => {
    if (await catalogFailure.isVisible()) await catalogFailure.click();
    await expect(voice).toHaveValue(/\(/, { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });

  const text = panel.getByRole('textbox', { name: 'Text' });
  const line = `Chaos ${Math.random().toString(36).slice(2, 8)}: the quick brown fox jumps over the lazy dog.`;
  await text.fill(line);
  await voice.fill('marcus');
  await page.getByRole('option', { name: /^Marcus/ }).click();
  await expect(voice).toHaveValue('Marcus (en_marcus)');

  // POST /v1/t2a carries no idempotency key, so the client does not retry it: the first one is
  // made to fail here, and the rest fail at the emulator's whim.
  await failOnce(page, '**/api/v1/t2a');
  const failure = panel.getByRole('alert').filter({ hasText: 'Speech could not be made' });
  const details = panel.getByLabel('Audio details');
  const failed = await untilSucceeds(
    page,
    () => panel.getByRole('button', { name: 'Synthesize' }).click(),
    { success: details, failure },
    {
      onFailure: async () => {
        await expect(failure).toContainText(/Trace ID|could not reach/);
        await expect(text).toHaveValue(line);
        await expect(voice).toHaveValue('Marcus (en_marcus)');
      },
    },
  );
  expect(failed).toBeGreaterThanOrEqual(1);
  await expect(details).toContainText(/Duration\s*\d+\.\d+ s/);
  await expect(failure).toBeHidden();

  await panel.getByRole('button', { name: 'Play Speech by Marcus' }).click();
  await expect
    .poll(
      () =>
        page
          .locator('audio[aria-label="Speech by Marcus"]')
          .evaluate((el: HTMLAudioElement) => el.currentTime),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
});
