import { expect, test, type Page } from '@playwright/test';

// The gateway's history is shared by every test running at once: each test finds its own
// entries by a prompt no other test uses, and never counts the whole list.

// An image takes the emulator a moment on a slow machine; the stream then brings it at once.
const generationTimeout = 20_000;

function uniquePrompt(label: string) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

async function openImageTab(page: Page) {
  await page.goto('/generate?tab=image');
  const tab = page.getByRole('tabpanel', { name: 'Image generation' });
  await expect(tab.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
  // The shared history is read: an empty list or a list, not the loading line.
  await expect(tab.getByText('Loading history…')).toHaveCount(0);
  return tab;
}

const entryOf = (page: Page, prompt: string) =>
  page
    .getByRole('tabpanel', { name: 'Image generation' })
    .getByRole('list', { name: 'image generation history' })
    .getByRole('listitem', { name: prompt });

test('a generation made in one browser appears in another without a reload, and leaves for both when removed', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const [a, b] = [await first.newPage(), await second.newPage()];
    const tabA = await openImageTab(a);
    await openImageTab(b);
    await expect(
      tabA.getByText(/made through this gateway, from any browser or client/),
    ).toBeVisible();

    const prompt = uniquePrompt('A shared lighthouse');
    await tabA.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    await tabA.getByRole('button', { name: 'Generate image' }).click();
    await expect(entryOf(a, prompt)).toBeVisible({ timeout: generationTimeout });

    const seen = entryOf(b, prompt);
    await expect(seen).toBeVisible({ timeout: generationTimeout });
    await expect(seen).toContainText('auto');
    // Made by the dashboard, in another browser: not another client.
    await expect(seen.getByText('From another client')).toHaveCount(0);

    a.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('from the history of everyone on this gateway');
      void dialog.accept();
    });
    await entryOf(a, prompt).getByRole('button', { name: 'Remove for everyone' }).click();
    await expect(entryOf(a, prompt)).toHaveCount(0);
    await expect(seen).toHaveCount(0);
  } finally {
    await first.close();
    await second.close();
  }
});

test('a generation sent straight to the API, as curl would, appears in an open page unasked', async ({
  page,
  request,
}) => {
  const tab = await openImageTab(page);
  const prompt = uniquePrompt('A fox sent by a script');
  const sent = await request.post('/api/v1/image/generate', {
    data: { prompt, tool: 'generate_image_15', parameters: { size: '512x512' } },
  });
  expect(sent.ok()).toBe(true);

  const entry = entryOf(page, prompt);
  await expect(entry).toBeVisible({ timeout: generationTimeout });
  await expect(entry).toContainText('generate_image_15');
  await expect(entry.getByText('From another client')).toBeVisible();

  // Its result opens in the result panel like one made here.
  await entry.getByRole('button', { name: 'Show result' }).click();
  const image = tab
    .getByRole('region', { name: 'Image result' })
    .getByRole('img', { name: `${prompt} image 1` });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBe(512);
});

test("reusing another client's generation fills the form with its prompt, tool, inputs and extra parameters", async ({
  page,
  request,
}) => {
  const prompt = uniquePrompt('A red bicycle from a script');
  const sent = await request.post('/api/v1/image/generate', {
    data: {
      prompt,
      tool: 'generate_image_15',
      parameters: { size: '1344x768', seed: 4242, negative_prompt: 'blurry' },
      idempotency_key: `e2e-${prompt.split(' ').at(-1)}`,
    },
  });
  expect(sent.ok()).toBe(true);

  const tab = await openImageTab(page);
  const entry = entryOf(page, prompt);
  await expect(entry).toBeVisible({ timeout: generationTimeout });
  await entry.getByRole('button', { name: 'Reuse these settings' }).click();

  const promptBox = tab.getByRole('textbox', { name: 'Prompt' });
  await expect(promptBox).toHaveValue(prompt);
  await expect(promptBox).toBeFocused();
  await expect(tab.getByRole('combobox', { name: 'Tool' })).toHaveValue('generate_image_15');
  await expect(tab.getByRole('combobox', { name: 'Size' })).toHaveValue('1344x768');
  await expect(tab.getByRole('spinbutton', { name: 'Seed' })).toHaveValue('4242');
  const extra = tab.getByRole('textbox', { name: /^Extra parameters, as a JSON object/ });
  await expect(extra).toBeVisible();
  expect(JSON.parse(await extra.inputValue())).toEqual({ negative_prompt: 'blurry' });

  // The copied request is the one sent, key included and the API key left out.
  await entry.getByRole('button', { name: 'Show curl' }).click();
  const command = entry.getByLabel('this request as curl', { exact: true });
  await expect(command).toContainText('/api/v1/image/generate');
  await expect(command).toContainText('$MEDIA_API_KEY');
  await expect(command).toContainText('"negative_prompt": "blurry"');
  await expect(command).toContainText('"idempotency_key"');
});

test('a search of the history is kept in the address, survives a reload, and clearing it brings the whole list back', async ({
  page,
  request,
}) => {
  // Two generations sharing a word no other test uses; the search picks one of them.
  const word = Math.random().toString(36).slice(2, 8);
  const [kestrel, heron] = [`A kestrel ${word}`, `A heron ${word}`];
  for (const prompt of [kestrel, heron]) {
    const sent = await request.post('/api/v1/image/generate', { data: { prompt } });
    expect(sent.ok()).toBe(true);
  }
  const tab = await openImageTab(page);
  await expect(entryOf(page, kestrel)).toBeVisible({ timeout: generationTimeout });
  await expect(entryOf(page, heron)).toBeVisible({ timeout: generationTimeout });

  const search = tab
    .getByRole('search', { name: 'Filter image history' })
    .getByRole('searchbox', { name: 'Search history' });
  await search.fill(`  KESTREL ${word}`);
  await expect(page).toHaveURL(new RegExp(`[?&]hq=\\+*KESTREL(\\+|%20)${word}`));
  await expect(entryOf(page, kestrel)).toBeVisible();
  await expect(entryOf(page, heron)).toHaveCount(0);
  await expect(
    tab.getByRole('status').filter({ hasText: /^1 of [\d,]+ image generations$/ }),
  ).toBeVisible();

  await page.reload();
  await expect(search).toHaveValue(`  KESTREL ${word}`);
  await expect(entryOf(page, kestrel)).toBeVisible();
  await expect(entryOf(page, heron)).toHaveCount(0);

  await search.fill('');
  await expect(page).not.toHaveURL(/[?&]hq=/);
  await expect(entryOf(page, heron)).toBeVisible();
  await expect(entryOf(page, kestrel)).toBeVisible();
});
