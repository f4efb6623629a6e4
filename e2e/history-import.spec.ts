import { expect, test, type Page } from '@playwright/test';

/**
 * What an earlier version left in this browser's IndexedDB: a finished training job with its
 * readings, and a sandbox. Written on a same-origin page that does not run the dashboard.
 */
async function leaveLocalHistory(page: Page, ids: { job: string; sandbox: string }) {
  await page.goto('/api/gateway/status');
  await page.evaluate(async ({ job, sandbox }) => {
    const open = (name: string, version: number, upgrade: (db: IDBDatabase) => void) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () => upgrade(request.result);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const done = (tx: IDBTransaction) =>
      new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    const jobs = await open('media-studio-jobs', 2, (db) => {
      db.createObjectStore('tracked-jobs');
      db.createObjectStore('job-readings');
    });
    const readings = [
      { at: '2026-01-02T10:00:00.000Z', status: 'queued' },
      { at: '2026-01-02T10:00:05.000Z', status: 'running', progress: 40, current_step: 80 },
      { at: '2026-01-02T10:00:12.000Z', status: 'completed', progress: 100 },
    ];
    const tx = jobs.transaction(['tracked-jobs', 'job-readings'], 'readwrite');
    tx.objectStore('tracked-jobs').put(
      {
        task_id: job,
        kind: 'voice',
        name: job,
        created_at: '2026-01-02T10:00:00.000Z',
        snapshots: readings,
        readings: readings.length,
        latest: { task_id: job, name: job, status: 'completed', progress: 100, total_cost: 1 },
      },
      job,
    );
    readings.forEach((reading, n) => tx.objectStore('job-readings').put(reading, [job, n]));
    await done(tx);
    const sandboxes = await open('media-studio-sandbox', 1, (db) =>
      db.createObjectStore('history'),
    );
    const tx2 = sandboxes.transaction('history', 'readwrite');
    tx2.objectStore('history').put(
      {
        id: sandbox,
        sandbox_id: sandbox,
        status: 'ready',
        language: 'python',
        created_at: '2026-01-02T11:00:00.000Z',
        packages: ['numpy'],
        order: 1,
      },
      sandbox,
    );
    await done(tx2);
  }, ids);
}

test('offers what this browser kept for import, imports it in one click, and never twice', async ({
  browser,
  request,
}) => {
  const suffix = `${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  const ids = { job: `old_voice_${suffix}`, sandbox: `sbx_old_${suffix}` };
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page = await first.newPage();
    await leaveLocalHistory(page, ids);
    await page.goto('/jobs');
    const offer = page.getByRole('listitem').filter({ hasText: 'not in the shared history' });
    await expect(offer).toContainText('2 entries from this browser');
    await offer.getByRole('button', { name: 'Import' }).click();
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Imported 2 entries into the shared history' }),
    ).toBeVisible();
    const card = page.getByRole('article', { name: ids.job });
    await expect(card.getByTestId('job-status')).toHaveText('Completed');

    // Known now: a reload offers nothing.
    await page.reload();
    await expect(card).toBeVisible();
    await expect(page.getByText('not in the shared history')).toHaveCount(0);

    // Another browser holding the same entries has nothing new to offer.
    const other = await second.newPage();
    await leaveLocalHistory(other, ids);
    await other.goto('/jobs');
    await expect(other.getByRole('article', { name: ids.job })).toBeVisible();
    await expect(other.getByText('not in the shared history')).toHaveCount(0);

    for (const id of [ids.job, ids.sandbox]) {
      const found = await request.get(`/api/history?q=${id}`);
      expect(((await found.json()) as { total: number }).total).toBe(1);
    }
  } finally {
    await first.close();
    await second.close();
  }
});
