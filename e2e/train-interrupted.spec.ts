import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { historyListSchema } from '../src/api/contract/history';
import { slowUplink } from './fixtures/network';
import { wav } from './fixtures/wav';

// EMULATOR_TRAINING_SECONDS=12 (playwright.config.ts); uploads are slowed below.
test.describe.configure({ timeout: 90_000 });

const unique = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

/** Three clips named for one test, so the gateway's history tells its uploads apart. */
const clipsFor = (name: string) =>
  [220, 330, 440].map((frequency, i) => ({
    name: `${name}-take-${i + 1}.wav`,
    mimeType: 'audio/wav',
    buffer: wav({ seconds: 6, frequency }),
  }));

/** Three clips of 192 kB at 150 kB/s: the start is surely mid-upload when the page goes. */
const slowClips = (page: Page) => slowUplink(page, 150 * 1024, 50);
/** The clips at 8 kB/s, over a minute, until the test restores the link's speed. */
const heldClips = (page: Page) => slowUplink(page, 8 * 1024, 50);

/** Fills the voice form with a name and three clips, ready to start. */
async function fillVoiceForm(page: Page, name: string, clipsName = name) {
  await page.goto('/train?form=voice');
  const voice = page.getByRole('tabpanel', { name: 'Custom voice' });
  await voice.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await voice.getByLabel('Reference audio files').setInputFiles(clipsFor(clipsName));
  await expect(voice.getByRole('list', { name: 'Local clips' }).getByRole('listitem')).toHaveCount(
    3,
  );
  return voice.getByRole('button', { name: 'Start voice training' });
}

/** The gateway's history entries of voice jobs with exactly this name. */
async function voiceJobsNamed(request: APIRequestContext, name: string) {
  const response = await request.get(`/api/history?kind=voice&q=${name}`);
  expect(response.ok()).toBe(true);
  const { entries } = historyListSchema.parse(await response.json());
  return entries.filter((entry) => entry.name === name);
}

/** What this browser still keeps of unfinished starts. */
function keptStarts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('media-studio-starts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('starts', { keyPath: 'id' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('starts').objectStore('starts').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** How many times each of the test's clips reached the service. */
async function uploadsOf(request: APIRequestContext, name: string) {
  const response = await request.get(`/api/history?kind=upload&q=${name}-take`);
  expect(response.ok()).toBe(true);
  const { entries } = historyListSchema.parse(await response.json());
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[entry.name] = (counts[entry.name] ?? 0) + 1;
  return counts;
}

/** Exactly one job, on the board, from clips each uploaded once. */
async function expectOneJobOnBoard(page: Page, name: string, clipsName = name) {
  await expect(page.getByRole('article', { name })).toBeVisible({ timeout: 30_000 });
  // The start is finished and forgotten, and the service made exactly one job.
  await expect.poll(() => keptStarts(page), { timeout: 30_000 }).toBe(0);
  expect(await voiceJobsNamed(page.request, name)).toHaveLength(1);
  await expect(page.getByRole('article', { name })).toHaveCount(1);
  expect(await uploadsOf(page.request, clipsName)).toEqual({
    [`${clipsName}-take-1.wav`]: 1,
    [`${clipsName}-take-2.wav`]: 1,
    [`${clipsName}-take-3.wav`]: 1,
  });
}

/**
 * Waits until the start is kept in the browser (IndexedDB `media-studio-starts`), which takes a
 * few tens of milliseconds after the click (13–25 ms measured here): the moment from which it
 * must survive anything. The throttled uplink keeps its clips uploading well past that.
 */
async function startKept(page: Page, name: string) {
  await page.waitForFunction(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('media-studio-starts');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('starts')) return resolve(false);
          const all = db.transaction('starts').objectStore('starts').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as Array<{ name: string; state: string }>).some(
                (start) => start.name === wanted && start.state === 'starting',
              ),
            );
          all.onerror = () => resolve(false);
        };
      }),
    name,
    { polling: 10 },
  );
}

test('a start cut off by a reload mid-upload finishes by itself, once', async ({ page }) => {
  const name = unique('reloaded');
  const start = await fillVoiceForm(page, name);
  await slowClips(page);
  // Leaving asks first (the browser's prompt); the user leaves anyway.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await start.click();
  await startKept(page, name);
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  expect(await voiceJobsNamed(page.request, name)).toHaveLength(0);

  // The next page load finishes it and says so, with a way to stop it.
  const toast = page.getByRole('listitem').filter({ hasText: `you started` });
  await expect(toast).toContainText(`Finishing the voice training “${name}”`);
  await expect(toast.getByRole('button', { name: 'Cancel' })).toBeVisible();

  await page.goto('/jobs');
  await expectOneJobOnBoard(page, name);
});

test('a start whose tab was closed is finished by the next tab opened', async ({ context }) => {
  const first = await context.newPage();
  const name = unique('closed');
  const start = await fillVoiceForm(first, name);
  await slowClips(first);
  await start.click();
  await startKept(first, name);
  await first.close();
  expect(await voiceJobsNamed(context.request, name)).toHaveLength(0);

  const next = await context.newPage();
  await next.goto('/jobs');
  await expectOneJobOnBoard(next, name);
});

/**
 * Starts the voice training with its clips held to a trickle (until `uplink.restore()`), so the
 * start is surely still uploading while the test answers; returns the nav and the leave dialog.
 */
async function startWithClipsHeld(page: Page, name: string) {
  const start = await fillVoiceForm(page, name);
  const uplink = await heldClips(page);
  await start.click();
  // Each clip shows its upload on its way.
  await expect(
    page.getByRole('progressbar', { name: `Upload of ${name}-take-1.wav` }),
  ).toBeVisible();
  return {
    uplink,
    jobsLink: page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Jobs/ }),
    dialog: page.getByRole('dialog', { name: 'The voice training is starting' }),
  };
}

test('leaving by a link while the clips upload asks first; leaving lets the start finish', async ({
  page,
}) => {
  const name = unique('left');
  const { uplink, jobsLink, dialog } = await startWithClipsHeld(page, name);

  await jobsLink.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/train/);

  await jobsLink.click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/jobs(\?|$)/);
  await uplink.restore();
  await expectOneJobOnBoard(page, name);
});

test('a link held while the clips upload goes on by itself once the start is made', async ({
  page,
}) => {
  const name = unique('waited');
  const { uplink, jobsLink, dialog } = await startWithClipsHeld(page, name);

  await jobsLink.click();
  await expect(dialog).toBeVisible();
  // The user has not answered yet when the clips are up and the start is made.
  await uplink.restore();
  await expect(page).toHaveURL(/\/jobs(\?|$)/, { timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expectOneJobOnBoard(page, name);
});

test('a start the service refuses waits on the Train page as a draft to fix or discard', async ({
  page,
}) => {
  // A name the built-in catalog already uses can never be trained.
  const clipsName = unique('drafted');
  const start = await fillVoiceForm(page, 'default', clipsName);
  await slowClips(page);
  page.on('dialog', (dialog) => void dialog.accept());
  await start.click();
  await startKept(page, 'default');
  await page.reload();

  const drafts = page.getByRole('region', { name: 'Not started yet' });
  const draft = drafts.getByRole('listitem', { name: 'voice training default' });
  await expect(draft).toContainText('built-in voice', { timeout: 30_000 });
  await expect(draft).toContainText('3 files');

  // Fixing it: the form opens with the draft's name and clips; a new name starts it.
  await draft.getByRole('button', { name: 'Edit the voice training default' }).click();
  const voice = page.getByRole('tabpanel', { name: 'Custom voice' });
  const nameField = voice.getByRole('textbox', { name: 'Name', exact: true });
  await expect(nameField).toHaveValue('default');
  await expect(voice.getByRole('list', { name: 'Local clips' }).getByRole('listitem')).toHaveCount(
    3,
  );
  const name = unique('fixed');
  await nameField.fill(name);
  await voice.getByRole('button', { name: 'Start voice training' }).click();
  await expect(voice.getByRole('status', { name: 'Training started' })).toContainText(name, {
    timeout: 30_000,
  });
  // Started from its form, it is kept no more (expectOneJobOnBoard counts what is kept).
  await page.goto('/jobs');
  await expectOneJobOnBoard(page, name, clipsName);
});
