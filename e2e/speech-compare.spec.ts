import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations, violationLines } from './fixtures/axe';

// The first catalog request on a fresh data dir waits for the voice previews to be rendered.
const catalogTimeout = 20_000;

// Long enough (about 15 s spoken) for a 10 s step to land inside the take.
const sentence =
  'the quick brown fox jumps over the lazy dog while five boxing wizards jump quickly, and a ' +
  'sphinx of black quartz judges my vow as the jolly packs of zebras graze by the river bank';

function speechPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Speech' });
}

/** A text no other test uses, so this test's takes can be told apart in the shared history. */
function uniqueText(label: string, sentences = 1) {
  return `${label} ${Math.random().toString(36).slice(2, 8)}: ${Array(sentences).fill(sentence).join(', ')}.`;
}

async function synthesize(page: Page, text: string, voice?: string): Promise<Locator> {
  const panel = speechPanel(page);
  await panel.getByRole('textbox', { name: 'Text' }).fill(text);
  if (voice) {
    const picker = panel.getByRole('combobox', { name: 'Voice' });
    await picker.fill(voice.toLowerCase());
    await page.getByRole('option', { name: new RegExp(`^${voice}`) }).click();
  }
  await panel.getByRole('button', { name: 'Synthesize' }).click();
  const entry = panel.getByRole('article', { name: `History: ${text.slice(0, 39)}…` });
  await expect(entry.getByRole('button', { name: /^Play / })).toBeVisible({ timeout: 30_000 });
  return entry;
}

/**
 * Notes where the take switched from is when the switching key goes down, and where the take
 * switched to is sent (read as it starts seeking: while a seek runs, currentTime is its target,
 * so a loaded machine that runs the handler late does not add playing time to it).
 */
async function watchSwitch(from: Locator, to: Locator) {
  const fromElement = await from.elementHandle();
  await to.evaluate((toElement: HTMLMediaElement, source) => {
    const fromMedia = source as HTMLMediaElement;
    document.addEventListener(
      'keydown',
      () => toElement.setAttribute('data-left-at', String(fromMedia.currentTime)),
      { capture: true, once: true },
    );
    toElement.addEventListener(
      'seeking',
      () => toElement.setAttribute('data-joined-at', String(toElement.currentTime)),
      { once: true },
    );
  }, fromElement);
}

async function switchPositions(to: Locator): Promise<[number, number]> {
  await expect(to).toHaveAttribute('data-joined-at', /\d/);
  return [
    Number(await to.getAttribute('data-left-at')),
    Number(await to.getAttribute('data-joined-at')),
  ];
}

function media(audio: Locator) {
  return audio.evaluate((el: HTMLMediaElement) => ({ paused: el.paused, time: el.currentTime }));
}

test.beforeEach(async ({ page }) => {
  await page.goto('/speech');
  await expect(speechPanel(page).getByRole('combobox', { name: 'Voice' })).toHaveValue(/\(/, {
    timeout: catalogTimeout,
  });
});

test('compares two takes A/B: one transport, X switches at the same position, loudness matched', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Twice the sentence (about 30 s): the take heard must still be playing when Space pauses it,
  // however slowly a loaded machine gets through the steps before.
  const first = await synthesize(page, uniqueText('Compare A', 2), 'Marcus');
  const second = await synthesize(page, uniqueText('Compare B', 2));

  await first.getByRole('checkbox', { name: /^Compare / }).check();
  await expect(speechPanel(page).getByText(/on one more take/)).toHaveAttribute('role', 'status');
  await second.getByRole('checkbox', { name: /^Compare / }).check();

  const compare = page.getByRole('region', { name: 'Compare takes' });
  await expect(compare).toBeVisible();
  await expect(compare.getByRole('list', { name: 'Compared takes' })).toContainText('Marcus');
  // Both takes measured in the browser, the louder one cut to the quieter one.
  await expect(compare.getByText(/^Gain A (−\d+\.\d|0\.0) dB · B (−\d+\.\d|0\.0) dB$/)).toBeVisible(
    { timeout: 20_000 },
  );
  await expect(compare).toContainText(/Measured A −\d+\.\d LUFS · B −\d+\.\d LUFS/);

  expect(violationLines(await axeViolations(page, { include: '#compare-takes' }))).toEqual([]);

  const takeA = compare.locator('audio[aria-label="Take A"]');
  const takeB = compare.locator('audio[aria-label="Take B"]');
  const slider = compare.getByRole('slider', { name: 'Seek compared takes' });
  await expect(slider).not.toHaveAttribute('aria-valuemax', '0');

  await compare.getByRole('button', { name: 'Play take A' }).click();
  await expect.poll(async () => (await media(takeA)).paused, { timeout: 15_000 }).toBe(false);
  await slider.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  // Five 1 s steps: sooner than playing could get there on its own.
  await expect
    .poll(async () => (await media(takeA)).time, { timeout: 2_000 })
    .toBeGreaterThanOrEqual(5);

  await watchSwitch(takeA, takeB);
  await page.keyboard.press('x');

  await expect(compare.getByRole('radio', { name: 'Take B' })).toBeChecked();
  await expect.poll(async () => (await media(takeB)).paused).toBe(false);
  await expect.poll(async () => (await media(takeA)).paused).toBe(true);
  await expect(compare.getByRole('button', { name: 'Pause take B' })).toBeVisible();
  const [left, joined] = await switchPositions(takeB);
  expect(left).toBeGreaterThanOrEqual(5);
  expect(Math.abs(joined - left)).toBeLessThanOrEqual(0.3);

  // And back to A from the radios (arrow keys, as in any radio group), still at the same moment.
  await compare.getByRole('radio', { name: 'Take B' }).focus();
  await watchSwitch(takeB, takeA);
  await page.keyboard.press('ArrowLeft');
  await expect(compare.getByRole('radio', { name: 'Take A' })).toBeChecked();
  await expect.poll(async () => (await media(takeA)).paused).toBe(false);
  await expect.poll(async () => (await media(takeB)).paused).toBe(true);
  const [leftB, joinedA] = await switchPositions(takeA);
  expect(Math.abs(joinedA - leftB)).toBeLessThanOrEqual(0.3);

  // Paused from the shared slider, which shows where the take heard is.
  await slider.focus();
  await page.keyboard.press(' ');
  await expect.poll(async () => (await media(takeA)).paused).toBe(true);
  await expect(slider).toHaveAttribute('aria-valuetext', /, paused$/);
  const stopped = (await media(takeA)).time;
  await expect
    .poll(async () => Math.abs(Number(await slider.getAttribute('aria-valuenow')) - stopped))
    .toBeLessThanOrEqual(0.1);

  await compare.getByRole('button', { name: 'Stop comparing' }).click();
  await expect(compare).toBeHidden();
  await expect(first.getByRole('checkbox', { name: /^Compare / })).not.toBeChecked();
});

test('a waveform is a slider: arrows seek 1 s, Shift+arrows 10 s, Space plays and pauses', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await synthesize(page, uniqueText('Keys'), 'Marcus');
  const result = speechPanel(page);
  const slider = result.getByRole('slider', { name: 'Seek Speech by Marcus' });
  const audio = result.locator('audio[aria-label="Speech by Marcus"]');
  await expect(slider).toHaveAttribute('aria-valuemax', /^1\d(\.\d)?$/);

  await slider.focus();
  await page.keyboard.press(' ');
  await expect.poll(async () => (await media(audio)).paused, { timeout: 15_000 }).toBe(false);
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:\d\d of 0:1\d, playing$/);
  await page.keyboard.press(' ');
  await expect.poll(async () => (await media(audio)).paused).toBe(true);
  await expect(slider).toBeFocused();

  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await expect(slider).toHaveAttribute('aria-valuetext', /^0:01 of 0:1\d, paused$/);
  await page.keyboard.press('Shift+ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '11');
  await expect.poll(async () => (await media(audio)).time).toBeCloseTo(11, 1);
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute(
    'aria-valuenow',
    (await slider.getAttribute('aria-valuemax')) ?? '',
  );
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the compare fits the screen and switches takes by tapping', async ({ page }) => {
    test.setTimeout(90_000);
    const first = await synthesize(page, uniqueText('Phone A'));
    const second = await synthesize(page, uniqueText('Phone B'));
    await first.getByRole('checkbox', { name: /^Compare / }).check();
    await second.getByRole('checkbox', { name: /^Compare / }).check();

    const compare = page.getByRole('region', { name: 'Compare takes' });
    await expect(compare.getByText(/^Gain A/)).toBeVisible({ timeout: 20_000 });
    const box = await compare.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await compare.getByRole('button', { name: 'Play take A' }).tap();
    const takeB = compare.locator('audio[aria-label="Take B"]');
    await compare.getByRole('radiogroup', { name: 'Listening to' }).getByText('Take B').tap();
    await expect(compare.getByRole('radio', { name: 'Take B' })).toBeChecked();
    await expect.poll(async () => (await media(takeB)).paused, { timeout: 15_000 }).toBe(false);
  });
});
