import { expect, test } from '@playwright/test';
import { mediaState, VoicesPage } from '../pages/voices-page';
import { untilSucceeds } from './until-succeeds';

test('browses the voice catalog and plays a preview through faults', async ({ page }) => {
  const voices = new VoicesPage(page);
  const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await untilSucceeds(
    page,
    async (attempt) => {
      if (attempt === 1) await page.goto('/voices');
      else await failure.getByRole('button', { name: 'Retry' }).click();
    },
    { success: voices.cards.first(), failure },
  );
  await expect(voices.card('Aria')).toBeVisible();
  await expect(voices.count).toHaveText(/^(\d+) of \1 voices$/);

  // Filters are applied in the browser: no request, so nothing to fail.
  await voices.search.fill('documentar');
  await expect(voices.card('Marcus')).toBeVisible();
  await expect(voices.card('Aria')).toBeHidden();
  await voices.search.fill('');

  // Media URLs are not faulted: the preview loads on first play and plays.
  await voices.playButton('Aria').click();
  await expect
    .poll(async () => (await mediaState(voices.preview('Aria'))).time, { timeout: 15_000 })
    .toBeGreaterThan(0);
});
