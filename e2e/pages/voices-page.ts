import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The first catalog request on an empty data dir waits for the spoken previews to be made,
 * so the first look at the list gets more time than the default.
 */
export const firstCatalogTimeout = 30_000;

/**
 * Holds the voice catalog's answers, as a slow phone would wait for them, until the returned
 * function is called: the page is seen as it is drawn before the catalog arrives.
 */
export async function holdVoiceCatalog(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/voice/list**', async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

export class VoicesPage {
  readonly list: Locator;
  readonly cards: Locator;
  readonly search: Locator;
  readonly language: Locator;
  readonly gender: Locator;
  readonly sort: Locator;
  readonly count: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole('list', { name: 'Voices' });
    this.cards = this.list.getByRole('article');
    this.search = page.getByRole('searchbox', { name: 'Search voices' });
    this.language = page.getByRole('combobox', { name: 'Language' });
    this.gender = page.getByRole('combobox', { name: 'Gender' });
    this.sort = page.getByRole('combobox', { name: 'Sort' });
    this.count = page.getByRole('status').filter({ hasText: /\bof [\d,]+ voices?\b/ });
  }

  async goto(query = '') {
    await this.page.goto(`/voices${query}`);
    await expect(this.cards.first()).toBeVisible({ timeout: firstCatalogTimeout });
  }

  card(name: string): Locator {
    return this.list.getByRole('article', { name, exact: true });
  }

  /** The card's own <audio>, named after the preview it plays. */
  preview(name: string): Locator {
    return this.card(name).getByLabel(`Preview of ${name}`, { exact: true });
  }

  playButton(name: string): Locator {
    return this.card(name).getByRole('button', { name: `Play Preview of ${name}`, exact: true });
  }

  /** Each shown card's language, as its card states it. */
  async shownLanguages(): Promise<string[]> {
    return this.cards.getByTitle('Language', { exact: true }).allTextContents();
  }

  async shownNames(): Promise<string[]> {
    return this.cards.getByRole('heading', { level: 3 }).allTextContents();
  }
}

/** Whether a media element is playing, and where it is. */
export function mediaState(media: Locator) {
  return media.evaluate((el: HTMLMediaElement) => ({ paused: el.paused, time: el.currentTime }));
}
