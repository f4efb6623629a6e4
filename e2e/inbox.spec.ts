import { expect, test } from '@playwright/test';
import { isFocused, tabTo } from './fixtures/keyboard';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

/*
 * The inbox bell with the keyboard alone. A training is started through the API, as another
 * client would; the open page hears it end through the history's live stream, and the bell
 * counts it. The e2e gateway is in open mode: one inbox for everyone, no Mine / Everyone.
 */

// The first catalog request on a fresh data dir renders the voice previews; a training takes
// 2 s queued and 12 s running (playwright.config.ts), read by a poller every few seconds.
const catalogTimeout = 60_000;
const trainingTimeout = 60_000;

test('the bell counts a finished training, opens its job and marks everything read', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `inbox_${Math.random().toString(36).slice(2, 8)}`;
  const urls = await referenceUrls(page.request, catalogTimeout);

  await page.goto('/settings');
  // The bell loads once the page is idle; a count is in its name whatever it is.
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const taskId = await createVoiceJob(page.request, name, urls);

  // Counted without a reload once the training ends, and listed as unread.
  await expect(bell).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/, {
    timeout: trainingTimeout,
  });
  const title = `Voice training “${name}” completed`;
  await tabTo(page, bell);
  await page.keyboard.press('Enter');
  const list = page.getByRole('list', { name: 'Notifications' });
  const item = list.getByRole('link', { name: new RegExp(`^${title}, .+, unread$`) });
  // The count may be another test's training: the open list follows the inbox until mine ends.
  await expect(item).toBeVisible({ timeout: trainingTimeout });
  // Opened again, the focus starts on the newest item (mine, or newer ones above it) and Tab
  // goes on down the list.
  await page.keyboard.press('Escape');
  await expect(bell).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => list.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, item, { max: 31 });

  // Enter opens the job's page, and the item is read from then on.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/jobs/${taskId}$`));
  await expect(list).toBeHidden();
  await tabTo(page, bell, { back: true });
  await page.keyboard.press('Enter');
  await expect(list.getByRole('link', { name: new RegExp(`^${title}, [^,]+$`) })).toBeVisible();

  // Mark all as read, just before the list: the count goes to 0 and the focus stays there.
  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  await expect.poll(() => list.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, markAll, { back: true, max: 31 });
  await page.keyboard.press('Enter');
  await expect(bell).toHaveAccessibleName('Notifications, 0 unread');
  await expect(list.getByRole('link', { name: /, unread$/ })).toHaveCount(0);
  expect(await isFocused(markAll)).toBe(true);

  // Escape closes the popover and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(bell).toBeFocused();
});
