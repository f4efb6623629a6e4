import { expect, test, type Page } from '@playwright/test';
import { firstCatalogTimeout, holdVoiceCatalog, mediaState, VoicesPage } from './pages/voices-page';

/** The catalog as ten thousand voices, made from the emulator's own. */
async function serveTenThousandVoices(page: Page) {
  await page.route('**/api/v1/voice/list*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const seeds = body.data.voices as Array<Record<string, unknown>>;
    const voices = Array.from({ length: 10_000 }, (_, i) => ({
      ...seeds[i % seeds.length],
      voice_id: `bulk_${i}`,
      name: `Bulk Voice ${String(i).padStart(5, '0')}`,
      usage_count: 10_000 - i,
    }));
    await route.fulfill({
      response,
      json: { ...body, data: { ...body.data, voices, count: 10_000 } },
    });
  });
}

test.describe('Voices', () => {
  test('opens with voice cards and the count of voices shown', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    const aria = voices.card('Aria');
    await expect(aria).toBeVisible();
    await expect(aria.getByTitle('Language', { exact: true })).toHaveText('English');
    await expect(aria.getByRole('list', { name: 'Badges' })).toContainText('Default');
    await expect(aria.getByRole('button', { name: 'Copy voice ID of Aria' })).toBeVisible();
    await expect(voices.count).toHaveText(/^(\d+) of \1 voices$/);
    // Previews load on play only: no audio was fetched to show the list.
    expect(await voices.preview('Aria').getAttribute('src')).toBeNull();
  });

  test('filters by language through the URL, and the back button undoes it', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    await voices.language.selectOption('fr');
    await expect(page).toHaveURL(/[?&]language=fr\b/);
    await expect(voices.language).toHaveValue('fr');
    await expect.poll(() => voices.shownLanguages()).toEqual(expect.arrayContaining(['French']));
    const languages = await voices.shownLanguages();
    expect(languages.length).toBeGreaterThan(0);
    expect(new Set(languages)).toEqual(new Set(['French']));

    await voices.gender.selectOption('male');
    await expect(page).toHaveURL(/gender=male/);
    await expect.poll(() => voices.shownNames()).toEqual(expect.arrayContaining(['Louis']));
    expect(await voices.shownNames()).not.toContain('Camille');

    await page.goBack();
    await expect(page).not.toHaveURL(/gender=/);
    await expect(voices.card('Camille')).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/language=/);
    await expect(voices.card('Aria')).toBeVisible();
  });

  test('search narrows the list by name, description or tag and lands in the URL', async ({
    page,
  }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    const before = await voices.cards.count();
    await voices.search.fill('documentar');
    await expect(page).toHaveURL(/q=documentar/);
    await expect.poll(() => voices.cards.count()).toBeLessThan(before);
    expect(await voices.shownNames()).toEqual(expect.arrayContaining(['Marcus', 'Louis']));
    expect(await voices.shownNames()).not.toContain('Aria');

    await voices.search.fill('no such voice anywhere');
    await expect(page.getByText('No voices match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(voices.search).toHaveValue('');
    await expect(page).not.toHaveURL(/q=/);
    await expect(voices.card('Aria')).toBeVisible();
  });

  test('a tag chip filters, and sorting by name reorders', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    await page
      .getByRole('group', { name: 'Tags' })
      .getByRole('button', { name: 'narration' })
      .click();
    await expect(page).toHaveURL(/tags=/);
    await expect.poll(() => voices.shownNames()).not.toContain('Leo');
    expect(await voices.shownNames()).toContain('Aria');

    await voices.sort.selectOption('name');
    await expect(page).toHaveURL(/sort=name/);
    await expect
      .poll(async () => {
        const names = await voices.shownNames();
        return names.join('|') === [...names].sort((a, b) => a.localeCompare(b)).join('|');
      })
      .toBe(true);
  });

  test('plays a preview, and playing another pauses the first', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    await voices.playButton('Aria').click();
    const aria = voices.preview('Aria');
    await expect.poll(async () => (await mediaState(aria)).paused, { timeout: 15_000 }).toBe(false);
    const started = (await mediaState(aria)).time;
    await expect.poll(async () => (await mediaState(aria)).time).toBeGreaterThan(started);
    await expect(
      voices.card('Aria').getByRole('button', { name: 'Pause Preview of Aria' }),
    ).toBeVisible();

    await voices.playButton('Marcus').click();
    const marcus = voices.preview('Marcus');
    await expect
      .poll(async () => (await mediaState(marcus)).paused, { timeout: 15_000 })
      .toBe(false);
    await expect.poll(async () => (await mediaState(aria)).paused).toBe(true);
  });

  test('"Use for speech" opens Speech with the voice chosen', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    await voices
      .card('Marcus')
      .getByRole('link', { name: /^Use for speech/ })
      .click();
    await expect(page).toHaveURL(/\/speech\?.*voice=en_marcus/);
    await expect(page).toHaveURL(/tab=speech/);
  });

  test('the keyboard moves between cards and Space plays the focused one', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    const first = voices.cards.first();
    const second = voices.cards.nth(1);
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(second).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowRight');

    const name = (await second.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await page.keyboard.press(' ');
    const audio = voices.preview(name);
    await expect
      .poll(async () => (await mediaState(audio)).paused, { timeout: 15_000 })
      .toBe(false);
    await expect(second).toBeFocused();
    await page.keyboard.press(' ');
    await expect.poll(async () => (await mediaState(audio)).paused).toBe(true);
  });

  test('"Try a line" speaks typed text in that voice', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    const card = voices.card('Aria');
    await card.getByRole('button', { name: /^Try a line/ }).click();
    await card.getByLabel('Line for Aria').fill('Hello from the voice library.');
    await card.getByRole('button', { name: 'Speak' }).click();
    const line = card.getByLabel('Line spoken by Aria', { exact: true });
    await expect(line).toBeAttached({ timeout: 20_000 });
    await expect(
      card.getByRole('button', { name: /^(Play|Pause) Line spoken by Aria$/ }),
    ).toBeVisible();
  });

  test('compares the same line in two voices side by side', async ({ page }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    await voices
      .card('Aria')
      .getByRole('button', { name: /^Compare/ })
      .click();
    await voices
      .card('Marcus')
      .getByRole('button', { name: /^Compare/ })
      .click();
    // Two is the limit: a third card cannot join.
    await expect(voices.card('Olivia').getByRole('button', { name: /^Compare/ })).toBeDisabled();

    const panel = page.getByRole('region', { name: 'Compare voices' });
    await panel.getByLabel('Line to compare').fill('Which of us sounds better?');
    await panel.getByRole('button', { name: 'Speak in both voices' }).click();
    for (const name of ['Aria', 'Marcus']) {
      await expect(
        panel.getByRole('button', { name: `Play Comparison line by ${name}` }),
      ).toBeVisible({ timeout: 20_000 });
    }
    // By keyboard: the suite's gateway is shared, and a toast for another test's job that ends
    // meanwhile sits over the docked panel's corner (and stays while the pointer rests on it).
    await panel.getByRole('button', { name: 'Close comparison' }).press('Enter');
    await expect(panel).toBeHidden();
  });

  test('a video preview appears only when asked for and takes over from the audio', async ({
    page,
  }) => {
    const voices = new VoicesPage(page);
    await voices.goto();
    const card = voices.card('Aria');
    await expect(card.locator('video')).toHaveCount(0);
    await voices.playButton('Aria').click();
    const audio = voices.preview('Aria');
    await expect
      .poll(async () => (await mediaState(audio)).paused, { timeout: 15_000 })
      .toBe(false);

    await card.getByRole('button', { name: 'Watch video preview of Aria' }).click();
    const video = card.getByLabel('Video preview of Aria', { exact: true });
    await expect(video).toBeVisible();
    expect(await video.getAttribute('src')).toMatch(/^https?:\/\//);
    await expect
      .poll(async () => (await mediaState(video)).paused, { timeout: 15_000 })
      .toBe(false);
    await expect.poll(async () => (await mediaState(audio)).paused).toBe(true);
  });

  test('scope tabs live in the URL; an empty custom scope points to training', async ({ page }) => {
    await page.route('**/api/v1/voice/list?*scope=custom*', (route) =>
      route.fulfill({ json: { data: { voices: [], count: 0, scope: 'custom' }, trace_id: 't-1' } }),
    );
    const voices = new VoicesPage(page);
    await voices.goto();
    await page.getByRole('tab', { name: 'Custom' }).click();
    await expect(page).toHaveURL(/scope=custom/);
    await expect(page.getByRole('tab', { name: 'Custom' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'No custom voices yet' })).toBeVisible();
    await page.getByRole('link', { name: 'Train a custom voice' }).click();
    await expect(page).toHaveURL(/\/train/);
  });

  test('while the catalog loads, its placeholders keep still for a second, and always with reduced motion', async ({
    page,
  }) => {
    const release = await holdVoiceCatalog(page);
    // What moves on the page: each animation's wait before it starts, by name. Toasts are left
    // out: a job another journey started may end now and slide its notice in.
    const motion = () =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return !target?.closest('[data-sonner-toaster]');
          })
          .map((animation) => ({
            name: (animation as CSSAnimation).animationName,
            delay: Number(animation.effect?.getComputedTiming().delay),
          })),
      );
    await page.goto('/voices');
    await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible();
    await expect.poll(async () => (await motion()).length).toBeGreaterThan(0);
    expect(await motion()).toEqual(
      expect.arrayContaining([{ name: 'placeholder-pulse', delay: 1000 }]),
    );
    expect((await motion()).filter((animation) => animation.delay < 1000)).toEqual([]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Voices' })).toBeVisible();
    expect(await motion()).toEqual([]);
    release();
    await expect(new VoicesPage(page).cards.first()).toBeVisible({ timeout: firstCatalogTimeout });
  });

  test('a failed catalog request shows the error with a working retry', async ({ page }) => {
    let fail = true;
    await page.route('**/api/v1/voice/list*', (route) =>
      fail
        ? route.fulfill({
            status: 400,
            headers: { 'x-trace-id': 'trace-voices-400' },
            json: { error: { code: 'invalid_request', message: 'The catalog is resting.' } },
          })
        : route.fallback(),
    );
    await page.goto('/voices');
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toContainText('invalid_request');
    await expect(alert).toContainText('trace-voices-400');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(new VoicesPage(page).cards.first()).toBeVisible({ timeout: firstCatalogTimeout });
  });

  test('ten thousand voices open and scroll, rendering only what is near the viewport', async ({
    page,
  }) => {
    await serveTenThousandVoices(page);
    // Where the list starts each time the page changes: tags and filters that arrive after the
    // first cards must not push them down.
    await page.addInitScript(() => {
      const tops: number[] = [];
      Object.assign(window, { listTops: tops });
      new MutationObserver(() => {
        const list = document.querySelector('[role="list"][aria-label="Voices"]');
        if (list?.querySelector('article')) tops.push(Math.round(list.getBoundingClientRect().top));
      }).observe(document, { childList: true, subtree: true });
    });
    const voices = new VoicesPage(page);
    await voices.goto();
    await expect(voices.count).toHaveText('10,000 of 10,000 voices');
    await expect(
      page.getByRole('group', { name: 'Tags' }).getByRole('button').first(),
    ).toBeVisible();
    const tops = await page.evaluate(() => (window as unknown as { listTops: number[] }).listTops);
    expect(new Set(tops).size).toBe(1);
    expect(await voices.cards.count()).toBeLessThan(80);

    await voices.cards.first().focus();
    await page.keyboard.press('End');
    const last = voices.card('Bulk Voice 09999');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    expect(await voices.cards.count()).toBeLessThan(80);
    // Up lands on the card straight above, one row back.
    await page.keyboard.press('ArrowUp');
    const above = page.locator('article:focus');
    await expect(above).toHaveCount(1);
    const [from, to] = [await last.boundingBox(), await above.boundingBox()];
    expect(to!.x).toBeCloseTo(from!.x, 0);
    expect(to!.y).toBeLessThan(from!.y);
  });

  test('a fling shows skeleton rows with voice names, and whole cards once it stops', async ({
    page,
  }) => {
    await serveTenThousandVoices(page);
    const voices = new VoicesPage(page);
    await voices.goto();
    await expect(voices.count).toHaveText('10,000 of 10,000 voices');

    // 40 frames at 30 px per ms (1,000 px or more a frame, however long a loaded machine takes
    // to draw one), the last one 1,000 px, as far as the rows drawn ahead cover while the new
    // ones render; then a look at the rows in view in the same frame.
    const inFling = await page.evaluate(async () => {
      let last = performance.now();
      for (let frame = 0; frame < 40; frame++) {
        const now = performance.now();
        window.scrollBy(0, frame === 39 ? 1000 : Math.max(1000, 30 * (now - last)));
        last = now;
        await new Promise((done) => requestAnimationFrame(done));
      }
      const items = document.querySelectorAll(
        '[aria-label="Voices"] [role="listitem"][aria-posinset]',
      );
      const nameOf = (item: Element) => /Bulk Voice \d{5}/.exec(item.textContent ?? '')?.[0] ?? '';
      const inView = [...items].filter((item) => {
        const box = item.getBoundingClientRect();
        return box.bottom > 0 && box.top < window.innerHeight;
      });
      return {
        items: inView.length,
        cards: inView.filter((item) => item.querySelector('article')).length,
        names: inView.map(nameOf),
        // What the eye was on when the fling stopped: the last card whose row is mostly in view
        // (the last row may only peek in, and go as the rows above take their cards' heights).
        lastMostlyInView: inView
          .filter((item) => {
            const box = item.getBoundingClientRect();
            return (box.top + box.bottom) / 2 < window.innerHeight;
          })
          .map(nameOf)
          .at(-1),
      };
    });
    expect(inFling.items).toBeGreaterThan(0);
    expect(inFling.cards).toBeLessThan(inFling.items);
    expect(inFling.names).not.toContain('');

    // Stopped: the rows in view turn into whole cards with their players.
    await expect
      .poll(() =>
        voices.list.evaluate(
          (list) =>
            [...list.querySelectorAll('[role="listitem"][aria-posinset]')].filter((item) => {
              const box = item.getBoundingClientRect();
              const inView = box.bottom > 0 && box.top < window.innerHeight;
              return inView && !item.querySelector('article button[aria-label^="Play "]');
            }).length,
        ),
      )
      .toBe(0);
    const card = voices.card(inFling.lastMostlyInView!);
    await expect(card).toBeInViewport();
    await card.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('article:focus')).toHaveCount(1);
  });
});
