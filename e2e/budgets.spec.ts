import { expect, test, type Page } from '@playwright/test';
import { blockingLines } from './fixtures/axe';
import { ownGateway } from './fixtures/own-gateway';
import { tabTo } from './fixtures/keyboard';
import { createVoiceJob, referenceUrls } from './fixtures/training-jobs';

/*
 * Budgets with the keyboard alone, on a gateway of its own: a budget on the shared e2e gateway
 * would refuse the trainings other specs start there. A team limit of $1.00 is set in
 * Settings; a voice training ($1.00 in the emulator) completes, so the limit is reached; the
 * banner says so; a new start is refused on the form, which keeps its values, and nothing
 * reaches the service; with the limit removed the same start goes through.
 */

// The first catalog request on a fresh data dir renders the voice previews; a training then
// takes 0.4 s queued and 2 s running, read by the gateway's poller every few seconds.
const catalogTimeout = 90_000;
const trainingTimeout = 60_000;

const gateway = ownGateway('budgets', { EMULATOR_TRAINING_SECONDS: '2' });

/** Axe's serious and critical findings (WCAG 2.1 A/AA) on the page as it is now. */
async function expectAccessible(page: Page, state: string) {
  expect(await blockingLines(page), state).toEqual([]);
}

/** The ids of every entry the gateway has recorded: what went through it to the service. */
async function historyIds(): Promise<string[]> {
  const response = await gateway.api.get('/api/history?limit=100');
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { entries: { id: string }[] };
  return body.entries.map((entry) => entry.id).sort();
}

test('a spent team budget stops new trainings on the form until the limit is removed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const urls = await referenceUrls(gateway.api, catalogTimeout);

  // Settings → Budgets: a team limit of $1.00, typed and saved with the keyboard.
  await page.goto(`${gateway.origin}/settings`);
  const budgets = page.getByRole('region', { name: 'Budgets' });
  const limit = budgets.getByRole('spinbutton', { name: 'Team monthly limit' });
  await tabTo(page, limit, { max: 120 });
  await page.keyboard.type('1');
  await tabTo(page, budgets.getByRole('button', { name: 'Save the team’s monthly limit' }));
  await page.keyboard.press('Enter');
  await expect(budgets.getByText('$0.00 of $1.00 (0 %)')).toBeVisible();
  await expect(budgets.getByText(/Limit set on \d+ \w+ \d{4}\./)).toBeVisible();
  await expectAccessible(page, 'settings with a team budget');

  // A training of $1.00 completes: the month's committed spend reaches the limit.
  await createVoiceJob(gateway.api, `budget_first_${Math.random().toString(36).slice(2, 8)}`, urls);
  await expect
    .poll(
      async () => {
        const body = (await (await gateway.api.get('/api/budgets')).json()) as {
          team: { spend: number; running: number };
        };
        return body.team.spend >= 1 && body.team.running === 0;
      },
      { timeout: trainingTimeout },
    )
    .toBe(true);

  // The banner tells everyone, on every page.
  await page.goto(`${gateway.origin}/train?form=voice`);
  const banner = page.getByRole('alert').filter({ hasText: 'Team budget reached' });
  await expect(banner).toContainText(
    /^Team budget reached: new trainings are refused until 1 \w+ \(UTC\)/,
  );

  // A new start, by keyboard: refused on the form, which keeps every value.
  const form = page.getByRole('form', { name: 'Train a custom voice' });
  const name = `budget_second_${Math.random().toString(36).slice(2, 8)}`;
  const before = await historyIds();
  await tabTo(page, form.getByRole('textbox', { name: 'Name', exact: true }), { max: 120 });
  await page.keyboard.type(name);
  await tabTo(page, form.getByRole('textbox', { name: 'Clip URLs' }));
  await page.keyboard.type(urls.join('\n'));
  await tabTo(page, form.getByRole('button', { name: 'Start voice training' }));
  await page.keyboard.press('Enter');
  const refusal = form.getByRole('alert');
  await expect(refusal).toContainText('Not started: a monthly budget is spent');
  await expect(refusal).toContainText("The team's monthly budget of $1.00 is spent");
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await expect(form.getByRole('textbox', { name: 'Clip URLs' })).toHaveValue(urls.join('\n'));
  // Refused before anything went upstream: the gateway recorded nothing new.
  expect(await historyIds()).toEqual(before);
  await expectAccessible(page, 'the banner and the refusal, light');
  await page.getByRole('radio', { name: 'Dark' }).check({ force: true });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page, 'the banner and the refusal, dark');

  // The banner's link leads to Settings → Budgets, where the limit is removed.
  await tabTo(page, banner.getByRole('link', { name: 'Budgets in Settings' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${gateway.origin}/settings#budgets`);
  const remove = budgets.getByRole('button', { name: 'Remove the team’s monthly limit' });
  await tabTo(page, remove, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(budgets.getByText(/^\$1\.00 committed, no limit$/)).toBeVisible();
  await expect(banner).toBeHidden();

  // Back on the Train page the refused start waits as a draft; started again, it goes through.
  await page.goBack();
  const draft = page.getByRole('listitem', { name: `voice training ${name}` });
  await expect(draft).toContainText("The team's monthly budget of $1.00 is spent");
  await tabTo(page, draft.getByRole('button', { name: `Start again the voice training ${name}` }), {
    max: 120,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByText(`The voice training “${name}” started`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(draft).toBeHidden();
  expect((await historyIds()).length).toBe(before.length + 1);
});
