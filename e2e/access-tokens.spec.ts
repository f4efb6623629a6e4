import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { blockingLines } from './fixtures/axe';
import { signInRequiredCode } from '../src/api/contract/access';
import { gatewayPassword, gatewayUserName, passwordGatewayUrl } from './fixtures/password-gateway';

// The gateway that asks for a password (playwright.config.ts), with its own emulator.
test.use({ baseURL: passwordGatewayUrl });
// One person's sessions and tokens: the second test counts on the first having signed out.
test.describe.configure({ mode: 'serial' });

const signInUrl = (next: string) =>
  `${passwordGatewayUrl}/auth/sign-in?${new URLSearchParams({ next })}`;

// The service's voice catalog (`GET /v1/voice/list`; the service has no /v1/voices).
const voiceList = '/api/v1/voice/list';

/** A client of its own: no cookie of the browser's, only what each call brings. */
async function apiGet(path: string, headers: Record<string, string> = {}) {
  const api = await playwrightRequest.newContext({ baseURL: passwordGatewayUrl });
  try {
    const response = await api.get(path, { headers });
    return { status: response.status(), body: (await response.json()) as unknown };
  } finally {
    await api.dispose();
  }
}

async function signIn(page: Page, password: string) {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs in with the password, makes and revokes a token a script uses, and signs out', async ({
  page,
}) => {
  // Signed out, the dashboard is the sign-in page, which names where it goes after.
  await page.goto('/jobs?status=running');
  await expect(page).toHaveURL(signInUrl('/jobs?status=running'));
  await expect(page.getByRole('heading', { name: 'Sign in to Media Studio' })).toBeVisible();

  await signIn(page, 'not the password at all');
  await expect(page.getByRole('alert')).toContainText('That password is not right');

  await signIn(page, gatewayPassword);
  // Back where it was going, its filter kept (the board writes in its default view, as the
  // app's router does with every page's defaults, once it starts).
  await expect(page).toHaveURL(
    (url) =>
      url.origin === passwordGatewayUrl &&
      url.pathname === '/jobs' &&
      url.searchParams.get('status') === 'running',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();

  await page.goto('/settings');
  const access = page.getByRole('region', { name: 'Access', exact: true });
  await expect(access).toContainText(`Signed in as ${gatewayUserName}`);
  const sessions = access.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions).toContainText('This browser');
  expect(await blockingLines(page, { include: 'section[aria-labelledby="access-title"]' })).toEqual(
    [],
  );

  // A token, shown once.
  const tokens = access.getByRole('region', { name: 'Personal access tokens' });
  await tokens.getByRole('textbox', { name: 'Token name' }).fill('nightly export');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Token “nightly export” created' });
  await expect(dialog).toContainText('will not be shown again');
  const token = await dialog.getByRole('textbox', { name: 'New token' }).inputValue();
  expect(token).toMatch(/^msat_/);
  expect(await blockingLines(page, { include: '[role="dialog"]' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(tokens.getByRole('list', { name: 'Personal access tokens' })).toContainText(
    'nightly export',
  );
  expect(await page.content()).not.toContain(token);

  // A script sends it, with no cookie: the gateway lets it through to the service.
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await apiGet(voiceList, bearer)).status).toBe(200);
  expect((await apiGet(voiceList)).status).toBe(401);

  // Revoked (after a confirmation), the same call is refused at once.
  await tokens.getByRole('button', { name: 'Revoke nightly export' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke “nightly export”?' });
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(tokens).toContainText('No tokens yet.');
  const refused = await apiGet(voiceList, bearer);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ error: { code: signInRequiredCode } });

  // Signing out ends the session: the browser's old cookie opens nothing any more.
  const cookies = await page.context().cookies();
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  expect((await apiGet('/api/access/me', { Cookie: cookieHeader })).status).toBe(200);
  await access.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(signInUrl('/settings'));
  const afterSignOut = await apiGet('/api/access/me', { Cookie: cookieHeader });
  expect(afterSignOut.status).toBe(401);
  expect(afterSignOut.body).toMatchObject({ error: { code: signInRequiredCode } });
});

test('a tab whose session ends elsewhere goes to sign-in on its next request, and back after', async ({
  page,
  browser,
}) => {
  await page.goto('/settings');
  await signIn(page, gatewayPassword);
  await expect(page).toHaveURL(`${passwordGatewayUrl}/settings`);
  const access = page.getByRole('region', { name: 'Access', exact: true });
  await expect(access).toContainText(`Signed in as ${gatewayUserName}`);

  // Another browser signs in and signs this one out from its own Settings.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await otherPage.goto('/settings');
    await signIn(otherPage, gatewayPassword);
    const sessions = otherPage
      .getByRole('region', { name: 'Access', exact: true })
      .getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await sessions.getByRole('button', { name: /^Sign out / }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
  } finally {
    await other.close();
  }

  // This tab's next request is refused with sign_in_required: to sign-in, and back after.
  await access.getByRole('textbox', { name: 'Token name' }).fill('after the end');
  await access.getByRole('button', { name: 'Create token' }).click();
  await expect(page).toHaveURL(signInUrl('/settings'));
  await signIn(page, gatewayPassword);
  await expect(page).toHaveURL(`${passwordGatewayUrl}/settings`);
  await expect(page.getByRole('region', { name: 'Access', exact: true })).toContainText(
    gatewayUserName,
  );
});
