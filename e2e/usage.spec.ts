import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { committedCostOf } from '../src/api/contract/committed-cost';
import { formatCost } from '../src/lib/format-cost';
import { wholeBrowser } from './fixtures/chromium';
import { ownGateway } from './fixtures/own-gateway';
import { tabTo } from './fixtures/keyboard';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

// A gateway of its own on a new data directory: the shared one counts every other spec's jobs
// as they make them, so its totals are never still long enough to check. A training runs for a
// few seconds, so the spec waits for one to complete.
const gateway = ownGateway('usage', { EMULATOR_TRAINING_SECONDS: '3' });
/** What the jobs made here committed, by their own figures in the gateway's history. */
let committed = 0;
let jobCount = 0;

test.describe.configure({ mode: 'serial', timeout: 90_000 });
// The whole browser: the headless shell keeps a mouse resting at the page's top-left corner, and
// the pointer entering what is drawn under it reads as someone using the page, which starts the
// chart's code loading. The phone this spec draws the charts for has no mouse.
test.use({ launchOptions: wholeBrowser });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { api } = gateway;
  // The first catalog request of a new install renders every preview: allow for it.
  const urls = await referenceUrls(api, 180_000);
  const taskId = await createVoiceJob(api, 'usage_voice', urls);
  const image = await api.post('/api/v1/image/generate', { data: { prompt: 'usage chart' } });
  expect(image.ok(), await image.text()).toBe(true);
  const speech = await api.post('/api/v1/t2a', {
    data: { text: 'Counting every character.', format: 'mp3' },
  });
  expect(speech.ok(), await speech.text()).toBe(true);

  // The gateway's poller records the training's end; its committed cost is then final.
  await expect
    .poll(async () => (await historyEntries()).find((entry) => entry.id === taskId)?.status, {
      timeout: 60_000,
    })
    .toBe('completed');
  const entries = await historyEntries();
  jobCount = entries.length;
  committed = entries.reduce(
    (sum, entry) => sum + (committedCostOf(entry.status, entry.latest) ?? 0),
    0,
  );
  expect(committed).toBeGreaterThan(0);
});

interface Entry {
  id: string;
  status: string;
  latest: Record<string, unknown> | null;
}

async function historyEntries(): Promise<Entry[]> {
  const response = await gateway.api.get('/api/history?limit=200');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { entries: Entry[] }).entries;
}

const thisMonth = () =>
  new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

async function openUsage(page: Page, search = '') {
  await page.goto(`${gateway.origin}/usage${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
}

const figure = (page: Page, name: string) => page.getByRole('figure', { name });

/**
 * How many of the chart's canvas pixels are painted, and a fingerprint of what they are. The
 * chart is scrolled to first, as a reader would: a chart is drawn once it comes near the screen.
 */
async function painted(chart: Locator) {
  await chart.scrollIntoViewIfNeeded();
  return chart.locator('canvas').evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let count = 0;
    let print = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! === 0) continue;
      count++;
      print = (print * 31 + data[i]! * 7 + data[i + 1]! * 3 + data[i + 2]!) % 1_000_000_007;
    }
    return { count, print };
  });
}

/** A cost as the page writes it, read back as a number: "$1,204.50" → 1204.5. */
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

test('the totals are the sum of the jobs’ own costs, this month and over the period', async ({
  page,
}) => {
  await openUsage(page);
  const month = page.getByLabel(`Spend in ${thisMonth()}`);
  const committedFigure = month.getByRole('term').filter({ hasText: 'Committed in' });
  await expect(committedFigure.locator('+ dd')).toHaveText(formatCost(committed));
  const period = page.getByLabel(/^Totals, /);
  await expect(
    period
      .getByRole('term')
      .filter({ hasText: /^Spend$/ })
      .locator('+ dd'),
  ).toHaveText(formatCost(committed));
  await expect(
    period
      .getByRole('term')
      .filter({ hasText: /^Jobs$/ })
      .locator('+ dd'),
  ).toHaveText(String(jobCount));
  await expect(
    period.getByRole('term').filter({ hasText: 'Generations' }).locator('+ dd'),
  ).toHaveText('1');
  await expect(
    period.getByRole('term').filter({ hasText: 'Speech characters' }).locator('+ dd'),
  ).toHaveText(String('Counting every character.'.length));
});

test('the charts draw in light and in dark, and their tables show the same numbers', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openUsage(page);
  const spend = figure(page, 'Spend per day by kind');
  const chart = spend.getByRole('img');
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`^Spend per day by kind, .+: total \\${formatCost(committed)}`),
  );
  await expect.poll(async () => (await painted(chart)).count).toBeGreaterThan(100);
  const light = await painted(chart);
  for (const name of ['Jobs per day by status', 'Tools used most', 'Voices used most']) {
    await expect
      .poll(async () => (await painted(figure(page, name).getByRole('img'))).count)
      .toBeGreaterThan(100);
  }

  await page.getByRole('radio', { name: 'Dark' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/dark/);
  // Drawn again in the dark theme's colours.
  await expect.poll(async () => (await painted(chart)).print).not.toBe(light.print);
  expect((await painted(chart)).count).toBeGreaterThan(100);

  const table = spend.getByRole('button', { name: 'Table' });
  await table.click();
  await expect(table).toHaveAttribute('aria-pressed', 'true');
  const rows = spend.getByRole('table').locator('tbody tr');
  const lastCells = await rows.locator('td:last-child').allTextContents();
  const tableTotal = lastCells.reduce((sum, cell) => sum + dollars(cell), 0);
  expect(tableTotal).toBeCloseTo(committed, 4);
  await table.click();
  await expect(spend.getByRole('img')).toBeVisible();

  const status = figure(page, 'Jobs per day by status');
  await status.getByRole('button', { name: 'Table' }).click();
  const statusCells = await status.getByRole('table').locator('tbody td').allTextContents();
  // Each row's parts and its total: the jobs, counted twice.
  expect(statusCells.reduce((sum, cell) => sum + Number(cell), 0)).toBe(2 * jobCount);
});

test('on a phone the charts below the totals are drawn as the reader scrolls to them', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 760 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openUsage(page);
  const spend = figure(page, 'Spend per day by kind');
  const chart = spend.getByRole('img');
  // Named by its summary at once, though not drawn: a screen reader reads it as it is.
  await expect(chart).toHaveAttribute('aria-label', /^Spend per day by kind, .+: total /);
  await expect(page.getByLabel(/^Totals, /)).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeScroll = scripts.length;
  // The box keeps the chart's place: nothing below moves once it is drawn.
  const box = await chart.boundingBox();
  expect(box?.height).toBe(256);
  // Well below the screen, past the 200 px a chart is drawn ahead of reaching it.
  expect(box?.y).toBeGreaterThan(760 + 200);
  await expect(chart.locator('canvas')).toHaveCount(0);

  await chart.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await painted(chart)).count).toBeGreaterThan(100);
  expect(scripts.length).toBeGreaterThan(beforeScroll);
  expect((await chart.boundingBox())?.height).toBe(256);
  await context.close();
});

test('the period, grouping and split live in the URL and survive a reload', async ({ page }) => {
  await openUsage(page);
  await page.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Week' });
  await page.getByRole('combobox', { name: 'Split spend by' }).selectOption({ label: 'Person' });
  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/group_by=week/);
  await expect(page).toHaveURL(/by=person/);
  await expect(page).toHaveURL(/period=30d/);
  await expect(figure(page, 'Spend per week by person')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveValue('week');
  await expect(page.getByRole('combobox', { name: 'Split spend by' })).toHaveValue('person');
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('30d');
  await expect(figure(page, 'Spend per week by person')).toBeVisible();

  // Custom days start from the days shown, and are in the URL too.
  await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Custom days' });
  await expect(page).toHaveURL(/period=custom/);
  const to = await page.getByLabel('To', { exact: true }).inputValue();
  await expect(page).toHaveURL(new RegExp(`to=${to}`));
  await page.getByLabel('From', { exact: true }).fill(to);
  await expect(page).toHaveURL(new RegExp(`from=${to}`));
  await page.reload();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(to);
  await expect(page.getByLabel(/^Totals, /)).toBeVisible();
});

test('by keyboard alone: a filter, a table view and the CSV download', async ({ page }) => {
  await openUsage(page);
  const groupBy = page.getByRole('combobox', { name: 'Group by' });
  await tabTo(page, groupBy);
  // A closed native select steps through its options with the arrow keys.
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/group_by=week/);

  const csv = page.getByRole('link', { name: 'Download CSV' });
  await tabTo(page, csv);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
  const header = lines[0]!.split(',');
  expect(header.slice(0, 4)).toEqual(['period', 'group', 'label', 'jobs']);
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect(row).toHaveLength(header.length);
  const cost = header.indexOf('training_cost');
  expect(rows.reduce((sum, row) => sum + Number(row[cost]), 0)).toBeCloseTo(committed, 4);
  expect(rows.reduce((sum, row) => sum + Number(row[header.indexOf('jobs')]), 0)).toBe(jobCount);

  const toggle = figure(page, 'Spend per week by kind').getByRole('button', { name: 'Table' });
  await tabTo(page, toggle);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(figure(page, 'Spend per week by kind').getByRole('table')).toBeVisible();
});

test('in direct mode the page says usage is counted by the gateway, and asks it nothing', async ({
  page,
}) => {
  await page.addInitScript(() =>
    localStorage.setItem(
      'media-studio.connection',
      JSON.stringify({ mode: 'direct', baseUrl: 'http://127.0.0.1:9', apiKey: 'direct-key' }),
    ),
  );
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/usage') asked.push(request.url());
  });
  await openUsage(page);
  await expect(page.getByText('Usage is counted by the gateway')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
