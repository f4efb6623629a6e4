import { expect, test, type Locator, type Page } from '@playwright/test';
import { blockingLines } from './fixtures/axe';
import { chromiumArgs, chromiumPath } from './fixtures/chromium';
import { speechLikeWav, writeSpeechLikeWav } from './fixtures/speech-like-wav';

/**
 * Recording with Chromium's fake microphone: the permission is granted without a prompt and the
 * "microphone" plays a speech-like WAV made for the run (the default fake device only beeps),
 * so the recorder, the browser's decoding and the clip reports all see real audio.
 */
const microphoneFile = writeSpeechLikeWav();
const fakeMicrophone = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${microphoneFile}`,
];

function uniqueText(prefix: string) {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}: a recorded reference, continued.`;
}

/** Opens the recorder, records until the timer shows `until` (e.g. /0:06/), stops, keeps. */
async function recordClip(page: Page, scope: Locator, until: RegExp) {
  await scope.getByRole('button', { name: 'Record a clip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a clip' });
  await expect(dialog.getByRole('combobox', { name: 'Microphone' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  const timer = dialog.getByRole('timer');
  await expect(timer).toHaveText(until, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await expect(dialog.getByRole('button', { name: 'Play Recorded take' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Keep recording' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Serious and critical axe findings (WCAG 2.1 A and AA) inside the open recorder dialog. */
async function dialogViolations(page: Page) {
  return blockingLines(page, { include: '[role="dialog"]' });
}

/** How many recordings the browser keeps, of any form (src/lib/recordings-store.ts). */
function keptRecordingCount(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('media-studio-recordings');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('recordings').objectStore('recordings').count();
          count.onsuccess = () => {
            open.result.close();
            resolve(count.result);
          };
        };
      }),
  );
}

/** The Duration row's value of a clip report, e.g. "6.1 s". */
async function reportedDuration(report: Locator) {
  return (
    (await report
      .getByRole('row', { name: /^Duration/ })
      .getByRole('cell')
      .first()
      .textContent()) ?? ''
  );
}

test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, ...fakeMicrophone],
  },
});

test.describe('with a microphone', () => {
  test('records a reference on Extend by keyboard: meter, timer, keep, trim; it survives a reload and gets a result', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/speech?tab=extend');
    const panel = page.getByRole('tabpanel', { name: 'Extend' });
    await panel.getByRole('radio', { name: 'Local file' }).check({ force: true });
    // From the keyboard alone: each step puts the focus on the next one's button.
    await panel.getByRole('button', { name: 'Record a clip' }).focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Record a clip' });
    // The raw microphone is live before anything is recorded: the meter moves off its floor.
    const meter = dialog.getByRole('meter', { name: 'Input level' });
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(-45);
    await expect(dialog.getByRole('combobox', { name: 'Script language' })).toBeVisible();
    await expect(dialog.getByRole('listitem').first()).not.toBeEmpty();
    expect(await dialogViolations(page)).toEqual([]);

    await expect(dialog.getByRole('button', { name: 'Start recording' })).toBeFocused();
    await page.keyboard.press('Enter');
    const timer = dialog.getByRole('timer');
    await expect(timer).toHaveText(/^0:0[0-4] \/ 5–30 s$/);
    await expect(timer).toHaveText(/^0:0[6-9] \/ 5–30 s$/, { timeout: 15_000 });
    // A speech-like input around −10 dBFS peak never reaches full scale.
    await expect(dialog.getByText('none so far')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Stop recording' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(dialog.getByRole('button', { name: 'Play Recorded take' })).toBeEnabled();
    await expect(dialog.getByText(/^0:00 \/ 0:0[6-9]$/)).toBeVisible();
    expect(await dialogViolations(page)).toEqual([]);
    await expect(dialog.getByRole('button', { name: 'Keep recording' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);

    const fileInput = panel.getByLabel('Reference audio file');
    const chosen = () => fileInput.evaluate((input: HTMLInputElement) => input.files?.[0]?.name);
    await expect.poll(chosen).toBe('Recording 1.wav');
    await expect(panel.getByText(/^Recording 1\.wav: recorded here/)).toBeVisible();
    const report = panel.getByRole('table', { name: 'Report for Recording 1.wav' });
    await expect(report).toBeVisible({ timeout: 15_000 });
    expect(await reportedDuration(report)).toMatch(/^[6-9](\.\d)? s$/);
    // Speech at a sensible level in a quiet room: nothing in it makes the clip unusable.
    await expect(report.getByRole('row', { name: /^Clipping/ })).toContainText('Good');
    await expect(report.getByRole('row', { name: /^Signal-to-noise/ })).toContainText('Good');
    await expect(report).not.toContainText('Unusable');
    // One voice, one channel: the browser's stereo encoding is folded down.
    await expect(report.getByRole('row', { name: /^Format/ })).toContainText('mono');

    // Trimmed by keyboard: the cut becomes the reference and is measured again.
    const before = await reportedDuration(report);
    await panel.getByRole('button', { name: 'Trim Recording 1.wav' }).click();
    const start = panel.getByRole('slider', { name: 'Trim start' });
    await start.focus();
    await start.press('Shift+ArrowRight');
    await panel.getByRole('button', { name: 'Apply trim' }).click();
    await expect(panel.getByRole('button', { name: 'Trim Recording 1.wav' })).toBeFocused();
    await expect.poll(() => reportedDuration(report), { timeout: 15_000 }).not.toBe(before);
    const trimmed = await reportedDuration(report);

    // A reload loses nothing: the kept recording, as trimmed, is the reference again.
    await page.reload();
    await expect(panel.getByRole('radio', { name: 'Local file' })).toBeChecked();
    await expect.poll(chosen).toBe('Recording 1.wav');
    await expect(report).toBeVisible({ timeout: 15_000 });
    expect(await reportedDuration(report)).toBe(trimmed);

    await panel
      .getByRole('textbox', { name: 'Text to continue with' })
      .fill(uniqueText('Recorded'));
    await panel.getByRole('button', { name: 'Extend voice' }).click();
    const timeline = panel.getByRole('group', { name: 'Reference and continuation' });
    await expect(timeline).toBeVisible({ timeout: 20_000 });
    await expect(timeline.locator('audio')).toHaveCount(2);

    // Used by a successful extend, the recording is let go: the next visit starts clean.
    await expect.poll(() => keptRecordingCount(page)).toBe(0);
    await page.reload();
    await expect(panel.getByRole('radio', { name: 'URL' })).toBeChecked();
    await expect(panel.getByRole('textbox', { name: 'Reference audio URL' })).toBeVisible();
  });

  test('records three clips on Train, checks and trims them, and starts the training', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/train?form=voice');
    const voice = page.getByRole('tabpanel', { name: 'Custom voice' });
    for (const n of [1, 2, 3]) {
      await recordClip(page, voice, /^0:0[6-9] \//);
      await expect(voice.getByRole('table', { name: `Report for Recording ${n}.wav` })).toBeVisible(
        {
          timeout: 15_000,
        },
      );
    }
    const check = voice.getByRole('region', { name: 'Clip set check' });
    await expect(check).toContainText(/3 clips/);

    const second = voice.getByRole('table', { name: 'Report for Recording 2.wav' });
    const before = await reportedDuration(second);
    await voice.getByRole('button', { name: 'Trim Recording 2.wav' }).click();
    const start = page.getByRole('slider', { name: 'Trim start' });
    await start.focus();
    await start.press('Shift+ArrowRight');
    await page.getByRole('button', { name: 'Apply trim' }).click();
    await expect.poll(() => reportedDuration(second), { timeout: 15_000 }).not.toBe(before);

    const name = `recorded_${Math.random().toString(36).slice(2, 8)}`;
    await voice.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await voice.getByRole('button', { name: 'Start voice training' }).click();
    const created = voice.getByRole('status', { name: 'Training started' });
    await expect(created).toBeVisible({ timeout: 20_000 });
    await expect(created).toContainText(name);

    await page.goto('/jobs');
    await expect(page.getByRole('article', { name })).toBeVisible();
  });

  test('a microphone unplugged mid-recording: what was recorded is kept, and it says so', async ({
    page,
  }) => {
    // The page's own streams, so the test can end one the way a lost device does.
    await page.addInitScript(() => {
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        (window as unknown as { lastStream: MediaStream }).lastStream = stream;
        return stream;
      };
    });
    await page.goto('/speech?tab=extend');
    const panel = page.getByRole('tabpanel', { name: 'Extend' });
    await panel.getByRole('radio', { name: 'Local file' }).check({ force: true });
    await panel.getByRole('button', { name: 'Record a clip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a clip' });
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await expect(dialog.getByRole('timer')).toHaveText(/^0:0[2-9] \//, { timeout: 15_000 });

    // The browser ends the track and fires `ended` (a track stopped by the page fires nothing).
    await page.evaluate(() => {
      const [track] = (
        window as unknown as { lastStream: MediaStream }
      ).lastStream.getAudioTracks();
      track!.stop();
      track!.dispatchEvent(new Event('ended'));
    });
    await expect(dialog.getByRole('alert')).toContainText('The microphone was disconnected');
    await expect(dialog.getByRole('button', { name: 'Play Recorded take' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Keep recording' }).click();
    await expect
      .poll(() =>
        panel
          .getByLabel('Reference audio file')
          .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
      )
      .toBe('Recording 1.wav');
  });
});

test('a refused microphone says how to allow it, and the file input stays usable', async ({
  playwright,
  baseURL,
}) => {
  // A browser of its own without --use-fake-ui-for-media-stream (which would accept any prompt),
  // the microphone refused in its permission store as the site settings would keep it.
  const browser = await playwright.chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, ...fakeMicrophone.filter((flag) => !flag.includes('fake-ui'))],
  });
  try {
    const context = await browser.newContext({ baseURL: baseURL! });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'microphone' },
      setting: 'denied',
      origin: new URL(baseURL!).origin,
    });
    await page.goto('/speech?tab=extend');
    const panel = page.getByRole('tabpanel', { name: 'Extend' });
    await panel.getByRole('radio', { name: 'Local file' }).check({ force: true });
    await panel.getByRole('button', { name: 'Record a clip' }).click();

    const dialog = page.getByRole('dialog', { name: 'Record a clip' });
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Microphone access is blocked');
    await expect(alert).toContainText('site settings');
    await expect(alert).toContainText('upload an audio file instead');
    await expect(dialog.getByRole('button', { name: 'Start recording' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);

    await panel.getByLabel('Reference audio file').setInputFiles({
      name: 'mine.wav',
      mimeType: 'audio/wav',
      buffer: speechLikeWav({ seconds: 6 }),
    });
    await expect(panel.getByRole('table', { name: 'Report for mine.wav' })).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await browser.close();
  }
});
