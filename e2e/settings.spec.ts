import { expect, test } from '@playwright/test';
import { e2ePorts, upstreamKey, upstreamStack } from './fixtures/ports';

const upstreamOrigin = `http://127.0.0.1:${e2ePorts.upstream}`;
const gatewayWithUpstream = `http://127.0.0.1:${e2ePorts.gatewayWithUpstream}`;

test.describe('gateway with the embedded emulator', () => {
  test('Settings shows the emulator and Test connection succeeds with its voice catalog', async ({
    page,
  }) => {
    await page.goto('/settings');
    const status = page.getByLabel('Gateway status');
    await expect(status).toContainText('Embedded emulator');
    await expect(status).toContainText('None: the emulator answers in process');
    await expect(status).toContainText('Configured');

    await page.getByRole('button', { name: 'Test connection' }).click();
    // The first catalog request on an empty data dir waits for the spoken previews to be made.
    const result = page.getByRole('status').filter({ hasText: 'Connected' });
    await expect(result).toContainText(/\b(4[89]|[5-9]\d|\d{3,}) voices/, { timeout: 20_000 });
    await expect(result).toContainText(/Trace ID [0-9a-f-]{36}/);
  });
});

test.describe('gateway forwarding to an upstream', () => {
  test.use({ baseURL: gatewayWithUpstream });

  test('Test connection succeeds through the gateway and the key never reaches the browser', async ({
    page,
  }) => {
    const bodies: string[] = [];
    page.on('response', async (response) => {
      const headers = JSON.stringify(await response.allHeaders());
      bodies.push(headers, await response.text().catch(() => ''));
    });
    await page.goto('/settings');
    const status = page.getByLabel('Gateway status');
    await expect(status).toContainText('Real service (upstream)');
    await expect(status).toContainText(upstreamOrigin);
    await expect(status).toContainText('Configured');

    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Connected' });
    await expect(result).toContainText('4 voices');
    await expect(result).toContainText(/upstream-trace-\d+/);

    expect(bodies.length).toBeGreaterThan(3);
    expect(bodies.join('\n')).not.toContain(upstreamKey);
    expect(await page.content()).not.toContain(upstreamKey);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(storage).not.toContain(upstreamKey);
  });
});

test.describe('direct mode', () => {
  test('warns about the stored key, validates fields and connects with the saved settings', async ({
    page,
  }) => {
    await page.goto('/settings');
    await page.getByRole('radio', { name: /Directly to a service URL/ }).check();
    await expect(page.getByRole('note')).toContainText('stored in this browser');

    await page.getByLabel('Base URL').fill('ftp://example.com');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByText('Base URL must be an http:// or https:// address')).toBeVisible();
    await expect(page.getByText('API key is required in direct mode')).toBeVisible();

    await page.getByLabel('Base URL').fill(upstreamOrigin);
    await page.getByLabel('API key').fill('wrong-key');
    await page.getByLabel('Stack ID').fill(upstreamStack);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Connection failed' });
    await expect(failure).toContainText('unauthorized');
    await expect(failure).toContainText('Supply a valid API key.');
    await expect(failure).toContainText(/upstream-trace-\d+/);
    // The failed test kept everything typed.
    await expect(page.getByLabel('Base URL')).toHaveValue(upstreamOrigin);

    await page.getByLabel('API key').fill(upstreamKey);
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByText('Connection saved')).toBeVisible();
    await page.reload();
    await expect(page.getByText(`Currently: direct to ${upstreamOrigin}`)).toBeVisible();
    await expect(page.getByLabel('API key')).toHaveValue(upstreamKey);

    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toContainText(
      '4 voices',
    );

    // Its pages come as built: the gateway's history, which this browser does not show, is not
    // drawn in them (the app's code held back to see what the gateway sent).
    const gatewayHistoryDrawn = async () => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/generate');
      await expect(page.locator('h1')).toHaveText('Generate');
      const drawn = (await page.locator('#history-seed').count()) > 0;
      await page.unrouteAll();
      return drawn;
    };
    expect(await gatewayHistoryDrawn()).toBe(false);

    await page.goto('/settings');
    await page.getByRole('radio', { name: /Through this dashboard/ }).check();
    await page.getByRole('button', { name: 'Save connection' }).click();
    await expect(page.getByText('Currently: through the gateway')).toBeVisible();
    expect(await gatewayHistoryDrawn()).toBe(true);
  });
});
