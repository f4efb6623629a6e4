import { afterEach, describe, expect, it, vi } from 'vitest';
import { historySeedElementId } from '../api/contract/history-seed-id';

const { applyPageHistorySeed } = vi.hoisted(() => ({
  applyPageHistorySeed: vi.fn<() => Promise<void>>(),
}));
vi.mock('./history-seed', () => ({ applyPageHistorySeed }));

/** A fresh page load: the module keeps whether this load's seed was applied. */
async function loadPage() {
  vi.resetModules();
  return import('./seeded-page');
}

function carrySeed() {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = historySeedElementId;
  script.textContent = '{}';
  document.body.append(script);
}

describe('afterPageSeed', () => {
  afterEach(() => {
    applyPageHistorySeed.mockReset();
    document.body.replaceChildren();
  });

  it('hands a page without a seed over at once, without the seed reader', async () => {
    const { afterPageSeed } = await loadPage();
    const page = { HomePage: () => null };

    await expect(afterPageSeed(page)).resolves.toBe(page);
    expect(applyPageHistorySeed).not.toHaveBeenCalled();
  });

  it('hands the page over only once its seed is applied, and applies it once per page load', async () => {
    carrySeed();
    let finish = () => {};
    applyPageHistorySeed.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    const { afterPageSeed } = await loadPage();
    const home = { HomePage: () => null };
    let handed: unknown = null;
    const first = afterPageSeed(home).then((page) => (handed = page));

    await vi.waitFor(() => expect(applyPageHistorySeed).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(handed).toBeNull();
    finish();
    await first;
    expect(handed).toBe(home);

    // Another page opened later in the tab reads the live history, not this load's seed again.
    const jobs = { JobsPage: () => null };
    await expect(afterPageSeed(jobs)).resolves.toBe(jobs);
    expect(applyPageHistorySeed).toHaveBeenCalledTimes(1);
  });

  it('still hands the page over when its seed cannot be applied', async () => {
    carrySeed();
    applyPageHistorySeed.mockRejectedValue(new Error('the list is gone'));
    const { afterPageSeed } = await loadPage();
    const page = { JobsPage: () => null };

    await expect(afterPageSeed(page)).resolves.toBe(page);
    expect(applyPageHistorySeed).toHaveBeenCalledTimes(1);
  });
});
