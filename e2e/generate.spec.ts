import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { png } from './fixtures/png';

// A video is rendered and H.264-encoded by the emulator: a few seconds on a slow machine.
const generationTimeout = 20_000;

type Kind = 'image' | 'video';
const tabNames = { image: 'Image generation', video: 'Video generation' } as const;

function panel(page: Page, kind: Kind) {
  return page.getByRole('tabpanel', { name: tabNames[kind] });
}

/** A prompt no other test uses (and short enough to be a result's label whole). */
function uniquePrompt(label: string) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}`;
}

async function openTab(page: Page, kind: Kind) {
  await page.goto(`/generate?tab=${kind}`);
  await expect(
    page.getByRole('tab', { name: kind === 'image' ? 'Image' : 'Video' }),
  ).toHaveAttribute('aria-selected', 'true');
  const tab = panel(page, kind);
  await expect(tab.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
  return tab;
}

/**
 * Picks a tool the way a keyboard user does: type to search, then ArrowDown from the first
 * match (which the search makes active) to the tool, and Enter.
 */
async function pickTool(page: Page, tab: Locator, query: string, name: string) {
  const picker = tab.getByRole('combobox', { name: 'Tool' });
  await picker.click();
  await picker.fill(query);
  const options = page.getByRole('option');
  const option = options.filter({ has: page.getByText(name, { exact: true }) });
  await expect(option).toBeVisible();
  await expect(options.first()).toHaveAttribute('data-focus', '');
  const names = await options.evaluateAll((elements) =>
    elements.map((element) => element.querySelector('span')?.textContent ?? ''),
  );
  const steps = names.indexOf(name);
  expect(steps).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < steps; i++) await picker.press('ArrowDown');
  await expect(option).toHaveAttribute('data-focus', '');
  await picker.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(picker).toHaveValue(name);
  return steps;
}

/** The image is in the page and decoded, not just an <img> waiting for bytes. */
async function expectImageLoaded(image: Locator, timeout = 10_000) {
  await expect(image).toBeVisible({ timeout });
  await expect
    .poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
      timeout,
    })
    .toBeGreaterThan(0);
}

const isGenerate = (kind: Kind) => (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1/${kind}/generate`;

test('generates an image with the automatic tool and opens it at full size', async ({ page }) => {
  const tab = await openTab(page, 'image');
  const prompt = uniquePrompt('A lighthouse at dusk');
  await tab.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await expect(tab.getByRole('combobox', { name: 'Tool' })).toHaveValue('auto');
  await tab.getByRole('button', { name: 'Generate image' }).click();

  const result = tab.getByRole('region', { name: 'Image result' });
  const image = result.getByRole('img', { name: `${prompt} image 1` });
  await expectImageLoaded(image, generationTimeout);
  await expect(tab.getByRole('button', { name: 'Generate image' })).toBeEnabled();
  await expect(result.getByRole('link', { name: `Download ${prompt} image 1` })).toHaveAttribute(
    'download',
    /\.png$/,
  );

  await result.getByRole('button', { name: `View ${prompt} image 1 full size` }).click();
  // The dialog element itself has no box (its panel is fixed), so its content is checked.
  const dialog = page.getByRole('dialog', { name: `${prompt} image 1` });
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('heading', { name: `${prompt} image 1` })).toBeVisible();
  await expectImageLoaded(dialog.getByRole('img', { name: `${prompt} image 1` }));
  const download = dialog.getByRole('link', { name: `Download ${prompt} image 1` });
  await expect(download).toHaveAttribute('href', /^http/);
  await expect(download).toHaveAttribute('download', /\.png$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The generation is in this tab's history too.
  const history = tab.getByRole('list', { name: 'image generation history' });
  await expect(history.getByRole('listitem', { name: prompt })).toContainText('auto');
});

test('animates an uploaded image with a tool picked by keyboard, and the video plays', async ({
  page,
}) => {
  const tab = await openTab(page, 'video');
  const prompt = uniquePrompt('The gradient slowly drifts');
  await tab.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  // Not the first match: it takes the arrow keys to get there.
  expect(await pickTool(page, tab, 'from image', 'generate_video_from_image_v_4')).toBeGreaterThan(
    0,
  );
  await expect(
    tab.getByRole('group', { name: 'Inputs for generate_video_from_image_v_4' }),
  ).toBeVisible();

  const url = tab.getByRole('textbox', { name: 'Image URL' });
  await expect(url).toHaveAttribute('aria-required', 'true');
  await expect(tab.getByRole('button', { name: 'Upload a file for Image URL' })).toBeVisible();

  // The upload holds at 100 % while the file's URL is looked up; that lookup is held here so
  // the progress can be seen before it finishes.
  let releaseLookup = () => {};
  const lookupHeld = new Promise<void>((resolve) => (releaseLookup = resolve));
  await page.route(
    (address) => /^\/api\/v1\/files\/(?!upload$)[^/]+$/.test(address.pathname),
    async (route) => {
      if (route.request().method() === 'GET') await lookupHeld;
      await route.continue();
    },
  );
  const name = `gradient-${Date.now()}.png`;
  await tab.getByLabel('Image URL file').setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: png({ width: 64, height: 64 }),
  });
  const progress = tab.getByRole('progressbar', { name: `Uploading ${name}` });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(url).toHaveAttribute('readonly', '');
  releaseLookup();
  await expect(progress).toBeHidden();
  await expect(url).toHaveValue(/^https?:\/\/.+/);
  await expect(url).not.toHaveAttribute('readonly');
  await expectImageLoaded(tab.getByRole('img', { name: 'Preview of Image URL' }));

  const sent = page.waitForRequest(isGenerate('video'));
  await tab.getByRole('textbox', { name: 'Prompt' }).press('Control+Enter');
  const body = (await sent).postDataJSON() as {
    tool: string;
    parameters: { image_url: string };
  };
  expect(body.tool).toBe('generate_video_from_image_v_4');
  expect(body.parameters.image_url).toBe(await url.inputValue());

  const result = tab.getByRole('region', { name: 'Video result' });
  const video = result.getByLabel(`${prompt} video 1`, { exact: true });
  await expect(video).toBeVisible({ timeout: generationTimeout });
  await expect
    .poll(() =>
      video.evaluate((el: HTMLVideoElement) => ({
        metadata: el.readyState >= 1,
        sized: el.videoWidth > 0 && el.videoHeight > 0,
        error: el.error?.code ?? null,
      })),
    )
    .toEqual({ metadata: true, sized: true, error: null });
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
});

test('a request the service refuses is shown beside the form, and the form keeps its input', async ({
  page,
}) => {
  const tab = await openTab(page, 'image');
  const prompt = uniquePrompt('An oversized poster');
  const promptBox = tab.getByRole('textbox', { name: 'Prompt' });
  await promptBox.fill(prompt);
  await tab.getByText('Extra parameters (JSON)').click();
  const json = tab.getByRole('textbox', { name: /^Extra parameters, as a JSON object/ });
  await json.fill('{"size": "huge"}');
  await tab.getByRole('button', { name: 'Generate image' }).click();

  const message = 'parameters.size: must be WIDTHxHEIGHT, e.g. 1024x1024 (got "huge")';
  const alert = tab.getByRole('alert').filter({ hasText: 'The service refused the request' });
  await expect(alert).toBeVisible({ timeout: generationTimeout });
  await expect(alert).toContainText(message);
  await expect(alert).toContainText(/Code\s*invalid_request/);
  await expect(alert).toContainText(/HTTP status\s*400/);
  await expect(alert).toContainText(/Trace ID/);

  await expect(json).toHaveAttribute('aria-invalid', 'true');
  await expect(json).toHaveAccessibleDescription(message);
  await expect(promptBox).toHaveValue(prompt);
  await expect(json).toHaveValue('{"size": "huge"}');
  await expect(tab.getByRole('region', { name: 'Image result' })).toContainText(
    'Images you generate appear here.',
  );
});

test('missing inputs of the chosen tool are reported under their fields and nothing is sent', async ({
  page,
}) => {
  const tab = await openTab(page, 'video');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (isGenerate('video')(request)) posts.push(request.url());
  });
  await tab.getByRole('textbox', { name: 'Prompt' }).fill(uniquePrompt('Someone says hello'));
  await pickTool(page, tab, 'lipsync', 'generate_video_lipsync_6');

  const image = tab.getByRole('textbox', { name: 'Reference image URL' });
  const audio = tab.getByRole('textbox', { name: 'Audio URL' });
  await expect(image).toHaveValue('');
  await expect(audio).toHaveValue('');
  await tab.getByRole('button', { name: 'Generate video' }).click();

  await expect(image).toHaveAttribute('aria-invalid', 'true');
  await expect(image).toHaveAccessibleDescription(
    /Reference image URL is required by tool generate_video_lipsync_6/,
  );
  await expect(audio).toHaveAttribute('aria-invalid', 'true');
  await expect(audio).toHaveAccessibleDescription(
    /Audio URL is required by tool generate_video_lipsync_6/,
  );
  await expect(tab.getByRole('button', { name: 'Generate video' })).toBeEnabled();
  // Ctrl+Enter goes through the same checks.
  await tab.getByRole('textbox', { name: 'Prompt' }).press('Control+Enter');
  await expect(tab.getByRole('region', { name: 'Video result' })).toContainText(
    'Videos you generate appear here.',
  );
  expect(posts).toEqual([]);
});

test('reusing a history entry after a reload brings its prompt, tool, size, seed and extra parameters back', async ({
  page,
}) => {
  let tab = await openTab(page, 'image');
  const prompt = uniquePrompt('A red bicycle in the rain');
  await tab.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await pickTool(page, tab, 'generate_image_15', 'generate_image_15');
  await tab.getByRole('combobox', { name: 'Size' }).selectOption({ label: '1344 × 768' });
  await tab.getByRole('spinbutton', { name: 'Seed' }).fill('4242');
  await tab.getByText('Extra parameters (JSON)').click();
  await tab
    .getByRole('textbox', { name: /^Extra parameters, as a JSON object/ })
    .fill('{"negative_prompt": "blurry"}');
  const sent = page.waitForRequest(isGenerate('image'));
  await tab.getByRole('button', { name: 'Generate image' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    prompt,
    tool: 'generate_image_15',
    parameters: { size: '1344x768', seed: 4242, negative_prompt: 'blurry' },
  });
  const image = tab.getByRole('region', { name: 'Image result' }).getByRole('img', {
    name: `${prompt} image 1`,
  });
  await expectImageLoaded(image, generationTimeout);
  expect(
    await image.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]),
  ).toEqual([1344, 768]);

  await page.reload();
  tab = panel(page, 'image');
  const entry = tab
    .getByRole('list', { name: 'image generation history' })
    .getByRole('listitem', { name: prompt });
  await expect(entry).toContainText('generate_image_15');
  const promptBox = tab.getByRole('textbox', { name: 'Prompt' });
  await promptBox.fill('Something else entirely');
  await expect(tab.getByRole('combobox', { name: 'Tool' })).toHaveValue('auto');

  await entry.getByRole('button', { name: 'Reuse these settings' }).click();
  await expect(promptBox).toHaveValue(prompt);
  await expect(promptBox).toBeFocused();
  await expect(tab.getByRole('combobox', { name: 'Tool' })).toHaveValue('generate_image_15');
  await expect(tab.getByRole('combobox', { name: 'Size' })).toHaveValue('1344x768');
  await expect(tab.getByRole('spinbutton', { name: 'Seed' })).toHaveValue('4242');
  // Extra parameters come back in sight, never sent unseen.
  const extra = tab.getByRole('textbox', { name: /^Extra parameters, as a JSON object/ });
  await expect(extra).toBeVisible();
  expect(JSON.parse(await extra.inputValue())).toEqual({ negative_prompt: 'blurry' });

  // "Show result" brings the stored result back into the result panel.
  await entry.getByRole('button', { name: 'Show result' }).click();
  await expectImageLoaded(
    tab
      .getByRole('region', { name: 'Image result' })
      .getByRole('img', { name: `${prompt} image 1` }),
  );
});

test('the filled form can be copied as curl, with the key as a shell variable', async ({
  page,
}) => {
  const tab = await openTab(page, 'image');
  const form = tab.getByRole('region', { name: 'New image' });
  await expect(
    form.getByText('The request can be copied as curl once the form is complete.'),
  ).toBeVisible();
  const prompt = uniquePrompt("A fox's den under snow");
  await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await form.getByRole('button', { name: 'Show curl' }).click();
  const command = form.getByLabel('image generation request as curl', { exact: true });
  await expect(command).toBeVisible();
  await expect(command).toContainText('/api/v1/image/generate');
  await expect(command).toContainText('$MEDIA_API_KEY');
  // The prompt is inside single quotes, its apostrophe closed, escaped and reopened.
  await expect(command).toContainText(prompt.replace("'", `'\\''`));
  const text = (await command.textContent()) ?? '';
  expect(text).not.toContain('local-dev-key');
  expect(text).toMatch(/^curl -X POST '/);
  await expect(
    form.getByRole('button', { name: 'Copy image generation request as curl' }),
  ).toBeVisible();

  // The command follows the form as it changes.
  await form.getByRole('textbox', { name: 'Prompt' }).fill(`${prompt} again`);
  await expect(command).toContainText(`${prompt.replace("'", `'\\''`)} again`);
  await form.getByRole('button', { name: 'Hide curl' }).click();
  await expect(command).toBeHidden();
});

test('a retried submission keeps its idempotency key; the next submission gets a new one', async ({
  page,
}) => {
  const keys: string[] = [];
  let aborted = 0;
  await page.route('**/api/v1/image/generate', async (route) => {
    const body = route.request().postDataJSON() as { idempotency_key?: string };
    keys.push(String(body.idempotency_key));
    if (aborted < 4) {
      aborted++;
      await route.abort('failed');
    } else {
      await route.continue();
    }
  });

  const tab = await openTab(page, 'image');
  const prompt = uniquePrompt('A paper boat on a pond');
  await tab.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
  await tab.getByRole('button', { name: 'Generate image' }).click();

  // The client tries four times (one attempt and three retries) before it gives up.
  const alert = tab.getByRole('alert').filter({ hasText: 'The service refused the request' });
  await expect(alert).toContainText('could not reach the service', { timeout: 15_000 });
  expect(keys).toHaveLength(4);

  await alert.getByRole('button', { name: 'Retry' }).click();
  const image = tab.getByRole('region', { name: 'Image result' }).getByRole('img', {
    name: `${prompt} image 1`,
  });
  await expectImageLoaded(image, generationTimeout);
  await expect(alert).toBeHidden();
  expect(keys).toHaveLength(5);
  expect(keys[0]).toMatch(/^[\w-]{8,}$/);
  expect(new Set(keys)).toEqual(new Set([keys[0]]));

  // The same settings again, after a success: a new operation, with a new key.
  const next = page.waitForRequest(isGenerate('image'));
  await tab.getByRole('button', { name: 'Generate image' }).click();
  const nextKey = ((await next).postDataJSON() as { idempotency_key: string }).idempotency_key;
  expect(nextKey).toMatch(/^[\w-]{8,}$/);
  expect(nextKey).not.toBe(keys[0]);
  await expect(tab.getByRole('status').filter({ hasText: 'Generating' })).toBeHidden({
    timeout: generationTimeout,
  });
  expect(keys).toHaveLength(6);
});

test('a referenced image that does not load is flagged, and the request waits for a fix', async ({
  page,
  baseURL,
}) => {
  const tab = await openTab(page, 'image');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (isGenerate('image')(request)) posts.push(request.url());
  });
  await tab.getByRole('textbox', { name: 'Prompt' }).fill(uniquePrompt('Make it blue'));
  await pickTool(page, tab, 'generate_image_edit', 'generate_image_edit');
  const image = tab.getByRole('textbox', { name: 'Image' });
  await image.fill(`${baseURL}/no-such-picture.png`);
  await expect(tab.getByRole('alert').filter({ hasText: /does not load/ })).toBeVisible({
    timeout: 10_000,
  });
  await tab.getByRole('button', { name: 'Generate image' }).click();
  await expect(image).toHaveAccessibleDescription(/does not load/);
  expect(posts).toEqual([]);

  // A picture that loads clears the flag and the request goes out.
  await image.fill(`${baseURL}/favicon.svg`);
  await expect(tab.getByRole('img', { name: 'Preview of Image' })).toBeVisible();
  const sent = page.waitForRequest(isGenerate('image'));
  await tab.getByRole('button', { name: 'Generate image' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    tool: 'generate_image_edit',
    parameters: { image: `${baseURL}/favicon.svg` },
  });
});
