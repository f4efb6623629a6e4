import { expect, test, type Browser, type Page } from '@playwright/test';
import { sessionCookieName, signInRequiredCode } from '../src/api/contract/access';
import { oidcGatewayUrl, oidcIssuer } from './fixtures/oidc';
import { wav } from './fixtures/wav';

// The gateway that signs in through the suite's own OIDC provider (playwright.config.ts).
test.use({ baseURL: oidcGatewayUrl });
// Two people sign in and each start a voice training, whose clips are decoded and uploaded.
test.describe.configure({ timeout: 120_000 });

const clips = [220, 330, 440].map((frequency, n) => ({
  name: `clip-${n}.wav`,
  mimeType: 'audio/wav',
  buffer: wav({ seconds: 6, frequency }),
}));

/** At the provider's login form (its development one: any name, any password). */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Opens the dashboard in a browser of its own, which the gateway sends to the provider first. */
async function signedIn(browser: Browser, login: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signInAtProvider(page, login);
  await expect(page).toHaveURL(`${oidcGatewayUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  return { context, page };
}

/** Starts a voice training from its page, as a person would; answers the job's name. */
async function startVoiceTraining(page: Page, label: string) {
  await page.goto('/train?form=voice');
  const form = page.getByRole('tabpanel', { name: 'Custom voice' });
  const suffix = Math.random().toString(36).slice(2, 8);
  await form.getByRole('textbox', { name: 'Display name' }).fill(`${label} ${suffix}`);
  const name = `${label.toLowerCase().replaceAll(' ', '_')}_${suffix}`;
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(name);
  await form.getByLabel('Reference audio files').setInputFiles(clips);
  await expect(form.getByRole('list', { name: 'Local clips' }).getByRole('listitem')).toHaveCount(
    3,
  );
  await form.getByRole('button', { name: 'Start voice training' }).click();
  await expect(form.getByRole('status', { name: 'Training started' })).toContainText(name, {
    timeout: 30_000,
  });
  return name;
}

test('people sign in through the provider, their jobs say who started them, and signing out ends the session', async ({
  browser,
  request,
}) => {
  // Two people at once, each in a browser of their own.
  const [alice, bob] = await Promise.all([signedIn(browser, 'alice'), signedIn(browser, 'bob')]);
  try {
    const [aliceJob, bobJob] = await Promise.all([
      startVoiceTraining(alice.page, 'Alice Narration'),
      startVoiceTraining(bob.page, 'Bob Narration'),
    ]);

    await alice.page.goto('/jobs');
    await expect(alice.page.getByRole('article', { name: aliceJob })).toBeVisible();

    // On the shared board each job says who started it, and Bob can keep only Alice's.
    const board = bob.page;
    await board.goto('/jobs');
    const aliceCard = board.getByRole('article', { name: aliceJob });
    const bobCard = board.getByRole('article', { name: bobJob });
    await expect(aliceCard.getByText('by alice', { exact: true })).toBeVisible();
    await expect(bobCard.getByText('by bob', { exact: true })).toBeVisible();
    await board.getByRole('combobox', { name: 'Started by' }).selectOption({ label: 'alice' });
    await expect(bobCard).toHaveCount(0);
    await expect(aliceCard).toBeVisible();

    // Alice signs out from Settings; the gateway's page confirms it.
    const session = (await alice.context.cookies()).find((c) => c.name === sessionCookieName);
    expect(session).toBeDefined();
    await alice.page.goto('/settings');
    await alice.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(alice.page).toHaveURL(`${oidcGatewayUrl}/auth/signed-out`);
    await expect(alice.page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();

    // Her old session is refused, whoever presents it.
    const refused = await request.get('/api/v1/voice/list', {
      headers: { cookie: `${sessionCookieName}=${session!.value}` },
    });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      signInRequiredCode,
    );

    // Signing out of the dashboard leaves the provider's session alone (other apps use it), so
    // the page offers to end that one too; then opening the dashboard asks who she is again.
    await alice.page.getByRole('link', { name: /^Also sign out of / }).click();
    await expect(alice.page).toHaveURL(new RegExp(`^${oidcIssuer}/`));
    await alice.page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(alice.page).toHaveURL(`${oidcGatewayUrl}/auth/signed-out`);
    const back = await alice.page.goto('/jobs');
    const hops: string[] = [];
    for (let hop = back?.request() ?? null; hop; hop = hop.redirectedFrom())
      hops.unshift(hop.url());
    expect(hops[0]).toBe(`${oidcGatewayUrl}/jobs`);
    expect(hops[1]).toBe(`${oidcGatewayUrl}/auth/sign-in?next=%2Fjobs`);
    await expect(alice.page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
    await expect(alice.page.locator('input[name="login"]')).toBeVisible();
    const again = await request.get('/api/v1/voice/list', {
      headers: { cookie: `${sessionCookieName}=${session!.value}` },
    });
    expect(again.status()).toBe(401);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});
