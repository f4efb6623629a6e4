import { expect, test, type Page } from '@playwright/test';
import { holdVoiceCatalog } from './pages/voices-page';

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 20_000;

function speechPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Speech' });
}

/** A text no other test uses, so history and results can be told apart. */
function uniqueText(label: string) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}: the quick brown fox jumps over the lazy dog.`;
}

async function openSpeech(page: Page, path = '/speech') {
  await page.goto(path);
  // The default voice is filled in once the catalog has loaded.
  await expect(speechPanel(page).getByRole('combobox', { name: 'Voice' })).toHaveValue(/\(/, {
    timeout: catalogTimeout,
  });
}

async function expectPlaying(page: Page, label: string) {
  const audio = page.locator(`audio[aria-label="${label}"]`);
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
}

test('synthesizes with a picked voice, plays the result, and finds it in the history after a reload', async ({
  page,
}) => {
  await openSpeech(page);
  const panel = speechPanel(page);
  const text = uniqueText('Sync');
  await panel.getByRole('textbox', { name: 'Text' }).fill(text);

  const voice = panel.getByRole('combobox', { name: 'Voice' });
  await voice.fill('marcus');
  await page.getByRole('option', { name: /^Marcus/ }).click();
  await expect(voice).toHaveValue('Marcus (en_marcus)');
  await expect(page).toHaveURL(/voice=en_marcus/);

  await panel.getByRole('button', { name: 'Synthesize' }).click();
  const info = panel.getByLabel('Audio details');
  await expect(info).toContainText(/Duration\s*\d+\.\d+ s/, { timeout: 15_000 });
  await expect(info).toContainText(/Sample rate\s*44\.1 kHz/);
  await expect(info).toContainText(/Size\s*[\d.]+ (kB|MB)/);
  await expect(info).toContainText(/Trace ID/);
  await expect(panel.getByRole('link', { name: 'Download' }).first()).toHaveAttribute(
    'download',
    /^en_marcus-\d{4}-\d{2}-\d{2}-\d{4}\.mp3$/,
  );

  await panel.getByRole('button', { name: 'Play Speech by Marcus' }).click();
  await expectPlaying(page, 'Speech by Marcus');

  await page.reload();
  const entry = speechPanel(page).getByRole('article', { name: `History: ${text.slice(0, 39)}…` });
  await expect(entry).toBeVisible({ timeout: catalogTimeout });
  await expect(entry).toContainText('Marcus');
  await expect(entry.getByRole('button', { name: /^Play / })).toBeVisible();
  // The draft and the URL voice came back too.
  await expect(speechPanel(page).getByRole('textbox', { name: 'Text' })).toHaveValue(text);
  await expect(speechPanel(page).getByRole('combobox', { name: 'Voice' })).toHaveValue(
    'Marcus (en_marcus)',
  );

  // "Use these settings" brings the entry's text and voice back after they were changed.
  await speechPanel(page).getByRole('textbox', { name: 'Text' }).fill('Something else');
  await entry.getByRole('button', { name: 'Use these settings' }).click();
  await expect(speechPanel(page).getByRole('textbox', { name: 'Text' })).toHaveValue(text);
  // They are the draft from then on, even when the page goes at once: not what was typed before.
  await page.reload();
  await expect(speechPanel(page).getByRole('textbox', { name: 'Text' })).toHaveValue(text);
  // What was typed just before the page went is kept too.
  await speechPanel(page).getByRole('textbox', { name: 'Text' }).fill('Typed before leaving');
  await page.reload();
  await expect(speechPanel(page).getByRole('textbox', { name: 'Text' })).toHaveValue(
    'Typed before leaving',
  );
});

test('an empty text is reported beside the field and nothing is sent', async ({ page }) => {
  await openSpeech(page);
  const panel = speechPanel(page);
  let sent = false;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/t2a')) sent = true;
  });
  const text = panel.getByRole('textbox', { name: 'Text' });
  await text.fill('');
  await panel.getByRole('button', { name: 'Synthesize' }).click();
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toHaveAccessibleDescription(/Text must not be empty/);
  expect(sent).toBe(false);
});

test('a voice the service does not know keeps the input and is shown beside the voice field', async ({
  page,
}) => {
  await page.goto('/speech?voice=no_such_voice');
  const panel = speechPanel(page);
  const text = uniqueText('Unknown voice');
  await panel.getByRole('textbox', { name: 'Text' }).fill(text);
  await panel.getByRole('button', { name: 'Synthesize' }).click();
  const alert = panel.getByRole('alert').filter({ hasText: 'Speech could not be made' });
  await expect(alert).toContainText('invalid_request', { timeout: catalogTimeout });
  await expect(alert).toContainText(/Trace ID/);
  const voice = panel.getByRole('combobox', { name: 'Voice' });
  await expect(voice).toHaveAttribute('aria-invalid', 'true');
  await expect(voice).toHaveAccessibleDescription(/no voice named "no_such_voice"/);
  await expect(panel.getByRole('textbox', { name: 'Text' })).toHaveValue(text);
});

test('async mode polls the task until the audio is ready', async ({ page }) => {
  await openSpeech(page);
  const panel = speechPanel(page);
  const text = uniqueText('Async');
  await panel.getByRole('textbox', { name: 'Text' }).fill(text);
  await panel.getByRole('radio', { name: 'Async' }).check({ force: true });
  await expect(panel.getByRole('slider', { name: 'Speed' })).toBeDisabled();
  await panel.getByRole('textbox', { name: 'Text' }).press('Control+Enter');

  const info = panel.getByLabel('Audio details');
  await expect(info).toContainText(/Duration\s*\d+\.\d+ s/, { timeout: 20_000 });
  await expect(info).toContainText(/Sample rate\s*\d+(\.\d+)? kHz/);
  await panel.getByRole('button', { name: 'Play Speech by Aria' }).click();
  await expectPlaying(page, 'Speech by Aria');
  // The gateway's poller completes the task in the shared history too: it plays from there.
  const entry = panel.getByRole('article', { name: `History: ${text.slice(0, 39)}…` });
  await expect(entry.getByRole('button', { name: /^Play / })).toBeVisible({ timeout: 20_000 });
  await expect(entry).toContainText('async');
});

test('extends a voice preview and shows the reference and the continuation on one timeline', async ({
  page,
}) => {
  const list = await page.request.get('/api/v1/voice/list', { timeout: catalogTimeout });
  expect(list.ok()).toBe(true);
  const { data } = (await list.json()) as { data: { voices: { audio_url: string }[] } };
  const reference = data.voices[0]!.audio_url;

  await page.goto('/speech?tab=extend');
  const panel = page.getByRole('tabpanel', { name: 'Extend' });
  await panel.getByRole('textbox', { name: 'Reference audio URL' }).fill(reference);
  // Measured in the browser before anything is sent.
  await expect(panel.getByText(/Length \d+\.\d+ s/)).toBeVisible({ timeout: 10_000 });
  const text = uniqueText('Extend');
  await panel.getByRole('textbox', { name: 'Text to continue with' }).fill(text);
  await panel.getByRole('radio', { name: 'MP3' }).check({ force: true });
  await panel.getByRole('button', { name: 'Extend voice' }).click();

  const timeline = panel.getByRole('group', { name: 'Reference and continuation' });
  await expect(timeline).toBeVisible({ timeout: 20_000 });
  await expect(timeline.locator('audio')).toHaveCount(2);
  const details = panel.getByLabel('Continuation details');
  await expect(details).toContainText(/Sample rate\s*\d+(\.\d+)? kHz/);
  await expect(details).toContainText(/Duration\s*\d+\.\d+ s/);
  await expect(panel.getByRole('link', { name: 'Download continuation' })).toHaveAttribute(
    'download',
    /^extended-.*\.mp3$/,
  );

  // The continuation is kept in the speech history, beside the takes.
  await page.getByRole('tab', { name: 'Speech' }).click();
  const entry = speechPanel(page).getByRole('article', { name: `History: ${text.slice(0, 39)}…` });
  await expect(entry).toContainText('Voice extend');
  await expect(entry.getByRole('button', { name: /^Play / })).toBeVisible();
});

test('extends a short local file: it is uploaded first, and its length gets a warning', async ({
  page,
}) => {
  // A one-word clip from the service itself: well under the recommended 5 s.
  const created = await page.request.post('/api/v1/t2a/async', {
    data: { text: 'Hello.', format: 'wav', sample_rate: 16000 },
    timeout: catalogTimeout,
  });
  expect(created.ok()).toBe(true);
  const taskId = ((await created.json()) as { data: { task_id: string } }).data.task_id;
  let audioUrl = '';
  await expect
    .poll(async () => {
      const task = await page.request.get(`/api/v1/t2a/async/${taskId}`);
      const body = (await task.json()) as { data: { status: string; audio_url?: string } };
      audioUrl = body.data.audio_url ?? '';
      return body.data.status;
    })
    .toBe('completed');
  const bytes = await (await page.request.get(audioUrl)).body();

  await page.goto('/speech?tab=extend');
  const panel = page.getByRole('tabpanel', { name: 'Extend' });
  await panel.getByRole('radio', { name: 'Local file' }).check({ force: true });
  await panel
    .getByLabel('Reference audio file')
    .setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: bytes });
  await expect(panel.getByRole('note')).toContainText(/shorter than the recommended 5 s/);
  await panel.getByRole('textbox', { name: 'Text to continue with' }).fill(uniqueText('Upload'));

  const upload = page.waitForRequest(
    (request) => request.url().endsWith('/api/v1/files/upload') && request.method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Extend voice' }).click();
  await upload;
  const timeline = panel.getByRole('group', { name: 'Reference and continuation' });
  await expect(timeline).toBeVisible({ timeout: 20_000 });
  await expect(timeline.getByRole('separator')).toHaveCount(1);
  // The continuation keeps the reference's sample rate.
  await expect(panel.getByLabel('Continuation details')).toContainText(/Sample rate\s*16 kHz/);
});

test('a history search finds one take among many, stays in the URL through a reload, and clears', async ({
  page,
  request,
}) => {
  const token = Math.random().toString(36).slice(2, 8);
  const wanted = `Wanted ${token}: the one take to find again among many.`;
  const other = `Other ${token}: a take that the search leaves out.`;
  // Straight to the gateway (as a script would): the history is the gateway's.
  for (const text of [wanted, other]) {
    const response = await request.post('/api/v1/t2a', {
      data: { text, format: 'mp3' },
      timeout: catalogTimeout,
    });
    expect(response.ok(), await response.text()).toBe(true);
  }

  await openSpeech(page);
  const panel = speechPanel(page);
  const history = panel.getByRole('list', { name: 'Speech history' });
  const entry = (text: string) =>
    history.getByRole('article', { name: `History: ${text.slice(0, 39)}…` });
  await expect(entry(other)).toBeVisible();
  const search = panel
    .getByRole('search', { name: 'Filter the history' })
    .getByRole('searchbox', { name: 'Search history' });
  await search.fill(`  wanted ${token.toUpperCase()} `);
  await expect(page).toHaveURL(new RegExp(`[?&]hq=`));
  await expect(history.getByRole('article')).toHaveCount(1);
  await expect(entry(wanted)).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: /^1 of \d+ takes$/ })).toBeVisible();

  await page.reload();
  await expect(search).toHaveValue(`  wanted ${token.toUpperCase()} `);
  await expect(history.getByRole('article')).toHaveCount(1);
  await expect(entry(wanted)).toBeVisible();

  await panel.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/[?&]hq=/);
  await expect(search).toHaveValue('');
  await expect(entry(other)).toBeVisible();
  await expect(entry(wanted)).toBeVisible();
});

test('the form does not move when the voice catalog arrives: the preview has its place already', async ({
  page,
}) => {
  // The catalog answers late, as on a slow phone, so the form is drawn before it arrives.
  const releaseCatalog = await holdVoiceCatalog(page);
  await page.goto('/speech');
  const panel = speechPanel(page);
  const speed = panel.getByText('Speed', { exact: true });
  await expect(panel.getByRole('combobox', { name: 'Voice' })).toBeVisible();
  const before = await speed.boundingBox();

  releaseCatalog();
  await expect(panel.getByRole('combobox', { name: 'Voice' })).toHaveValue(/\(/, {
    timeout: catalogTimeout,
  });
  await expect(panel.getByRole('button', { name: /^Play .* preview$/ })).toBeVisible();
  expect((await speed.boundingBox())?.y).toBe(before?.y);
});
