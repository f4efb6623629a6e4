import { expect, type Locator, type Page } from '@playwright/test';

/** How an attempt of a step ends, as the page shows it. */
export interface StepOutcome {
  /** Visible once the step worked. */
  success: Locator;
  /** Visible when the attempt failed (an alert naming what failed). */
  failure: Locator;
}

export interface UntilSucceedsOptions {
  /** Attempts before giving up: faults are random, so generous but bounded. */
  attempts?: number;
  /** How long one attempt may take to show its outcome (client retries and slow faults included). */
  timeout?: number;
  /** Called after each failed attempt, before the next: e.g. to check that the form kept its input. */
  onFailure?: (attempt: number) => Promise<void>;
}

/**
 * Runs `action` (a submit, or the Retry of the alert) until `check.success` shows, and returns
 * how many attempts failed. An alert left from the previous attempt is waited out first, so it is
 * never taken for the outcome of the next one.
 */
export async function untilSucceeds(
  page: Page,
  action: (attempt: number) => Promise<void>,
  check: StepOutcome,
  { attempts = 10, timeout = 45_000, onFailure }: UntilSucceedsOptions = {},
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const stale =
      (await check.failure.count()) > 0 ? await check.failure.first().elementHandle() : null;
    await action(attempt);
    // The alert of a failed mutation unmounts while the next attempt is pending. A query's alert
    // may stay in place while it refetches; then a moment is enough, as a retry there is harmless.
    await stale?.waitForElementState('hidden', { timeout: 3_000 }).catch(() => undefined);
    await expect(check.success.or(check.failure).first()).toBeVisible({ timeout });
    if (await check.success.first().isVisible()) return attempt - 1;
    const message = (await check.failure.first().textContent()) ?? '';
    if (attempt >= attempts)
      throw new Error(`Still failing after ${attempts} attempts; the last error: ${message}`);
    await onFailure?.(attempt);
    // Give an injected 429's Retry-After (1 s) a chance before trying again.
    await page.waitForTimeout(500);
  }
}

/** An injected-looking failure for the next matching request only: the first attempt of a step fails for sure. */
export async function failOnce(page: Page, url: string | RegExp, status = 500) {
  await page.route(
    url,
    (route) =>
      route.fulfill({
        status,
        headers: { 'x-trace-id': `chaos-forced-${status}` },
        json: {
          error: {
            code: 'request_failed',
            message: 'The request could not be completed (forced by the test).',
          },
        },
      }),
    { times: 1 },
  );
}
