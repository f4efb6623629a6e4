import { expect, test, type Page } from '@playwright/test';
import { wav } from './fixtures/wav';
import { slowUplink } from './fixtures/network';

// A 1×1 PNG.
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

// Within the region found by role: the live page's input, never the prerendered picture's.
const fileInput = (page: Page) =>
  page.getByRole('region', { name: 'Upload' }).getByLabel('Choose files to upload');
const queueRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Upload queue' }).getByRole('listitem', { name });
const listedRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem', { name });

test.describe('Files', () => {
  test('uploads a WAV with progress, lists it after a reload, previews it and hands it to Train', async ({
    page,
  }) => {
    await page.goto('/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
    // The list is the gateway's, shared with every other test: this test finds its own file by name.
    await expect(
      page.getByRole('heading', { name: /^Uploaded through this gateway/ }),
    ).toBeVisible();

    const name = `tone-${Date.now()}.wav`;
    await fileInput(page).setInputFiles({
      name,
      mimeType: 'audio/wav',
      buffer: wav({ seconds: 0.5, sampleRate: 8000, frequency: 440 }),
    });
    const row = queueRow(page, name);
    await expect(row.getByLabel(`Purpose of ${name}`)).toHaveValue('audio-input');
    await page.getByRole('button', { name: 'Upload 1 file' }).click();

    const bar = row.getByRole('progressbar', { name: `Upload of ${name}` });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', /^100 %/);
    await expect(row).toContainText('Uploaded');
    await expect(page.getByRole('status').filter({ hasText: `${name} uploaded.` })).toBeAttached();
    const fileId = (await row.locator('code').textContent())!;
    expect(fileId).toMatch(/^file/);
    await expect(row.getByRole('button', { name: `Copy file ID of ${name}` })).toBeVisible();

    const listed = listedRow(page, name);
    await expect(listed).toContainText(fileId);
    await expect(listed).toContainText('audio-input');

    await page.reload();
    await expect(listed).toContainText(fileId);
    await expect(listed.getByRole('button', { name: `Copy file ID of ${name}` })).toBeVisible();

    await listed.getByRole('button', { name: `Preview of ${name}` }).click();
    const play = listed.getByRole('button', { name: `Play Preview of ${name}` });
    await expect(play).toBeEnabled();
    await play.click();
    const audio = listed.locator('audio');
    await expect
      .poll(() => audio.evaluate((el: HTMLMediaElement) => el.currentTime + (el.ended ? 1 : 0)))
      .toBeGreaterThan(0);

    await listed.getByRole('link', { name: `Use as dataset for Voice reference: ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/train\\?.*dataset=${fileId}`));
    await expect(page).toHaveURL(/form=voice/);
  });

  test('takes a dropped image, previews it, and offers another training form', async ({ page }) => {
    await page.goto('/files');
    const name = `dot-${Date.now()}.png`;
    await page.getByRole('button', { name: /Drop files here or choose files/ }).evaluate(
      (zone, { name, data }) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, { type: 'image/png' }));
        for (const type of ['dragenter', 'dragover', 'drop']) {
          zone.dispatchEvent(
            new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
          );
        }
      },
      { name, data: pngBase64 },
    );
    const row = queueRow(page, name);
    await expect(row.getByLabel(`Purpose of ${name}`)).toHaveValue('image-input');
    await row.getByRole('button', { name: `Upload ${name}` }).click();
    await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    const listed = listedRow(page, name);
    await listed.getByRole('button', { name: `Preview of ${name}` }).click();
    const image = listed.getByRole('img', { name: `Preview of ${name}` });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);

    await listed.getByRole('button', { name: `Choose a training form for ${name}` }).click();
    await page.getByRole('menuitem', { name: /Video LoRA/ }).click();
    await expect(page).toHaveURL(/\/train\?.*form=video/);
    await expect(page).toHaveURL(/dataset=file/);
  });

  test('shows a refused upload and a network failure on their rows, and Retry succeeds', async ({
    page,
  }) => {
    await page.goto('/files');
    await expect(page.getByRole('heading', { level: 1, name: 'Files' })).toBeVisible();
    let mode: 'too-large' | 'offline' | 'pass' = 'too-large';
    await page.route('**/v1/files/upload', (route) => {
      if (mode === 'too-large') {
        return route.fulfill({
          status: 413,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'invalid_request', message: 'The file exceeds the 1 MB upload limit.' },
          }),
        });
      }
      if (mode === 'offline') return route.abort('internetdisconnected');
      return route.continue();
    });
    const big = `big-${Date.now()}.wav`;
    const other = `other-${Date.now()}.wav`;
    await fileInput(page).setInputFiles([
      {
        name: big,
        mimeType: 'audio/wav',
        buffer: wav({ seconds: 0.5, sampleRate: 8000, frequency: 440 }),
      },
      {
        name: other,
        mimeType: 'audio/wav',
        buffer: wav({ seconds: 0.5, sampleRate: 8000, frequency: 440 }),
      },
    ]);
    await queueRow(page, other).getByLabel(`Purpose of ${other}`).selectOption('general');
    await queueRow(page, big)
      .getByRole('button', { name: `Upload ${big}` })
      .click();

    const bigRow = queueRow(page, big);
    await expect(bigRow.getByRole('alert')).toContainText(
      'The file exceeds the 1 MB upload limit.',
    );
    await expect(bigRow.getByRole('alert')).toContainText('invalid_request');
    await expect(bigRow.getByRole('alert')).toContainText('HTTP 413');

    mode = 'offline';
    await bigRow.getByRole('button', { name: `Retry upload of ${big}` }).click();
    await expect(bigRow.getByRole('alert')).toContainText('network_error');

    mode = 'pass';
    await bigRow.getByRole('button', { name: `Retry upload of ${big}` }).click();
    await expect(bigRow).toContainText('Uploaded');
    // The other file waited, untouched, with the purpose chosen for it.
    await queueRow(page, other)
      .getByRole('button', { name: `Upload ${other}` })
      .click();
    await expect(queueRow(page, other)).toContainText('Uploaded');
    await expect(listedRow(page, other)).toContainText('general');
  });

  test('cancels a slow upload mid-way, then Retry completes it', async ({ page }) => {
    await page.goto('/files');
    // About 1 MB/s up, so a 6 MB upload is still running when Cancel is pressed.
    const uplink = await slowUplink(page, 1024 * 1024);
    const name = `long-${Date.now()}.wav`;
    await fileInput(page).setInputFiles({
      name,
      mimeType: 'audio/wav',
      buffer: wav({ seconds: 375, sampleRate: 8000, frequency: 440 }),
    });
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    const row = queueRow(page, name);
    const bar = row.getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
    await row.getByRole('button', { name: `Cancel upload of ${name}` }).click();
    await expect(row).toContainText('Cancelled');

    await uplink.restore();
    await row.getByRole('button', { name: `Retry upload of ${name}` }).click();
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 15_000 });
    await expect(listedRow(page, name)).toBeVisible();
  });

  test('a search finds one file among many, stays in the URL through a reload, and clears', async ({
    page,
    request,
  }) => {
    const token = Math.random().toString(36).slice(2, 8);
    const wanted = `wanted-${token}.wav`;
    const other = `other-${token}.wav`;
    // Straight to the gateway (as a script would): the list is the gateway's.
    for (const name of [wanted, other]) {
      const response = await request.post('/api/v1/files/upload', {
        multipart: {
          file: { name, mimeType: 'audio/wav', buffer: wav({ seconds: 0.2, sampleRate: 8000 }) },
          purpose: 'audio-input',
        },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }

    await page.goto('/files');
    const list = page.getByRole('list', { name: 'Uploaded files' });
    await expect(list.getByRole('listitem', { name: other })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter uploaded files' });
    await filters.getByRole('searchbox', { name: 'Search files' }).fill(`WANTED-${token}`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=WANTED-${token}`));
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem', { name: wanted })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^1 of \d+ files$/ })).toBeVisible();

    await page.reload();
    await expect(filters.getByRole('searchbox', { name: 'Search files' })).toHaveValue(
      `WANTED-${token}`,
    );
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem', { name: wanted })).toBeVisible();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/[?&]q=/);
    await expect(filters.getByRole('searchbox', { name: 'Search files' })).toHaveValue('');
    await expect(list.getByRole('listitem', { name: other })).toBeVisible();
    await expect(list.getByRole('listitem', { name: wanted })).toBeVisible();
  });
});
