import { expect, test } from '@playwright/test';

// These run before every other spec (the `fresh` project): the gateway's history is shared by
// every browser, so only now is the dashboard as a first visitor finds it.

test('an empty home offers every task and a way to start training', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  const jobs = page.getByRole('region', { name: 'Training jobs' });
  await expect(jobs).toContainText('No training jobs yet.');
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText('Nothing yet');

  await page.getByRole('link', { name: /^Generate a video/ }).click();
  await expect(page).toHaveURL(/\/generate\?tab=video/);
  await expect(page.getByRole('tab', { name: 'Video' })).toHaveAttribute('aria-selected', 'true');

  await page.goBack();
  await page.getByRole('link', { name: /^Train a LoRA/ }).click();
  await expect(page).toHaveURL(/\/train\?form=music/);
  await expect(page.getByRole('heading', { level: 1, name: 'Train' })).toBeVisible();
});

test('an empty jobs board says how to start a job', async ({ page }) => {
  await page.goto('/jobs');
  await expect(page.getByRole('link', { name: 'Train a voice or LoRA' })).toBeVisible();
});
