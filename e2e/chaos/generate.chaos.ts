import { expect, test, type Request } from '@playwright/test';
import { untilSucceeds } from './until-succeeds';

const isImageGenerate = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/image/generate';

test('generates an image through faults; every attempt carries the same idempotency key', async ({
  page,
}) => {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (isImageGenerate(request))
      keys.push(String((request.postDataJSON() as { idempotency_key?: string }).idempotency_key));
  });

  await page.goto('/generate?tab=image');
  const tab = page.getByRole('tabpanel', { name: 'Image generation' });
  const promptBox = tab.getByRole('textbox', { name: 'Prompt' });
  const prompt = `A lighthouse in a storm ${Math.random().toString(36).slice(2, 8)}`;
  await promptBox.fill(prompt);

  const failure = tab.getByRole('alert').filter({ hasText: 'The service refused the request' });
  const image = tab
    .getByRole('region', { name: 'Image result' })
    .getByRole('img', { name: `${prompt} image 1` });
  await untilSucceeds(
    page,
    async (attempt) => {
      if (attempt === 1) await tab.getByRole('button', { name: 'Generate image' }).click();
      else await failure.getByRole('button', { name: 'Retry' }).click();
    },
    { success: image, failure },
    { onFailure: () => expect(promptBox).toHaveValue(prompt) },
  );
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0);
  await expect(failure).toBeHidden();
  await expect(promptBox).toHaveValue(prompt);
  // Retries (the client's and the Retry button's) reuse the key: one operation, however many sends.
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys)).toEqual(new Set([keys[0]]));
});
