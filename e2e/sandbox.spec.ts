import { expect, test, type Page } from '@playwright/test';

const form = (page: Page) => page.getByRole('form', { name: 'New sandbox' });
const packagesInput = (page: Page) => form(page).getByRole('textbox', { name: 'Packages' });
const sessionsTable = (page: Page) =>
  page.getByRole('table', { name: 'Sandboxes on this gateway' });

test.describe('Sandbox', () => {
  test('creates a python sandbox with packages, lists it after a reload, copies it as curl, and removes it for everyone', async ({
    page,
  }) => {
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
    // Every test shares the gateway's history: this one finds its sandbox by its id.
    await expect(page.getByRole('heading', { name: /^Sandboxes on this gateway/ })).toBeVisible();

    await expect(form(page).getByRole('radio', { name: 'Python' })).toBeChecked();
    const input = packagesInput(page);
    await input.pressSequentially('numpy');
    await input.press('Enter');
    await input.pressSequentially('pandas,');
    const chosen = form(page).getByRole('list', { name: 'Chosen packages' });
    await expect(chosen.getByRole('listitem')).toHaveText(['numpy', 'pandas']);
    await expect(input).toHaveValue('');

    // A duplicate is refused with a message, and the list is unchanged.
    await input.pressSequentially('numpy');
    await input.press('Enter');
    await expect(input).toHaveAccessibleDescription(/numpy is already in the list/);
    await expect(chosen.getByRole('listitem')).toHaveCount(2);

    const formCurl = form(page);
    await formCurl.getByRole('button', { name: 'Show curl' }).click();
    const command = formCurl.getByLabel('sandbox request as curl', { exact: true });
    await expect(command).toContainText('/api/v1/code/sandbox');
    await expect(command).toContainText('$MEDIA_API_KEY');
    await expect(command).toContainText('"pandas"');

    await form(page).getByRole('button', { name: 'Create sandbox' }).click();
    const created = page.getByText(/^Sandbox sbx\S* created$/);
    await expect(created).toBeVisible();
    const sandboxId = ((await created.textContent()) ?? '').split(' ')[1]!;
    expect(sandboxId).toMatch(/^sbx/);
    // The language stays for the next one; the packages are cleared.
    await expect(form(page).getByRole('radio', { name: 'Python' })).toBeChecked();
    await expect(form(page).getByRole('button', { name: /^Remove / })).toHaveCount(0);

    const row = sessionsTable(page).getByRole('row').filter({ hasText: sandboxId });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(2)).toHaveText('numpy, pandas');
    await expect(row.getByRole('cell').nth(1)).toHaveText('Python');
    await expect(row.getByRole('cell').nth(3)).toHaveText('ready');
    await expect(row.locator('time')).toHaveText('just now');
    await expect(row.getByRole('button', { name: `Copy sandbox ID ${sandboxId}` })).toBeVisible();

    await page.reload();
    const listed = sessionsTable(page).getByRole('row').filter({ hasText: sandboxId });
    await expect(listed).toContainText('numpy, pandas');
    await expect(listed).toContainText('ready');

    await listed.getByRole('button', { name: 'Show curl' }).click();
    const rowCommand = listed.getByLabel(`request for ${sandboxId} as curl`, { exact: true });
    await expect(rowCommand).toContainText('/api/v1/code/sandbox');
    await expect(rowCommand).toContainText('$MEDIA_API_KEY');
    await expect(rowCommand).toContainText('"numpy"');

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('from the history of everyone on this gateway');
      void dialog.accept();
    });
    await listed.getByRole('button', { name: `Remove ${sandboxId} for everyone` }).click();
    await expect(listed).toHaveCount(0);
  });

  test('a sandbox created straight through the API, as curl would, is listed in an open page unasked', async ({
    page,
    request,
  }) => {
    await page.goto('/sandbox');
    await expect(page.getByRole('heading', { name: /^Sandboxes on this gateway/ })).toBeVisible();
    await expect(page.getByText('Loading sandboxes…')).toHaveCount(0);
    const sent = await request.post('/api/v1/code/sandbox', {
      data: { language: 'javascript', packages: ['chalk'] },
    });
    expect(sent.ok()).toBe(true);
    const { sandbox_id: sandboxId } = ((await sent.json()) as { data: { sandbox_id: string } })
      .data;

    const row = sessionsTable(page).getByRole('row').filter({ hasText: sandboxId });
    await expect(row).toBeVisible({ timeout: 10_000 });
    await expect(row.getByRole('cell').nth(1)).toHaveText('JavaScript');
    await expect(row.getByRole('cell').nth(2)).toHaveText('chalk');
    await expect(row.getByText('From another client')).toBeVisible();
  });

  test('a search of the sandboxes is kept in the address, survives a reload, and clearing it brings every row back', async ({
    page,
    request,
  }) => {
    // Two sandboxes sharing a package name no other test uses; the search picks one by language.
    const word = Math.random().toString(36).slice(2, 8);
    const ids: string[] = [];
    for (const language of ['python', 'typescript']) {
      const sent = await request.post('/api/v1/code/sandbox', {
        data: { language, packages: [`filter-${word}-${language}`] },
      });
      expect(sent.ok()).toBe(true);
      ids.push(((await sent.json()) as { data: { sandbox_id: string } }).data.sandbox_id);
    }
    const [pythonId, typescriptId] = ids as [string, string];
    const rowOf = (id: string) => sessionsTable(page).getByRole('row').filter({ hasText: id });

    await page.goto('/sandbox');
    await expect(rowOf(pythonId)).toBeVisible();
    await expect(rowOf(typescriptId)).toBeVisible();

    const region = page.getByRole('search', { name: 'Filter sandboxes' });
    const search = region.getByRole('searchbox', { name: 'Search sandboxes' });
    await search.fill(`FILTER-${word}-type`);
    await expect(page).toHaveURL(new RegExp(`[?&]q=FILTER-${word}-type`));
    await expect(rowOf(typescriptId)).toBeVisible();
    await expect(rowOf(pythonId)).toHaveCount(0);
    await expect(sessionsTable(page).getByRole('row')).toHaveCount(2);
    await expect(
      page.getByRole('status').filter({ hasText: /^1 of [\d,]+ sandboxes$/ }),
    ).toBeVisible();

    await page.reload();
    await expect(search).toHaveValue(`FILTER-${word}-type`);
    await expect(rowOf(typescriptId)).toBeVisible();
    await expect(rowOf(pythonId)).toHaveCount(0);

    // The same package name in another language: nothing matches, and one click undoes it all.
    await search.fill(`filter-${word}`);
    await region.getByRole('combobox', { name: 'Language' }).selectOption('JavaScript');
    await expect(page).toHaveURL(/[?&]lang=javascript/);
    await expect(page.getByText('No sandbox matches these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).not.toHaveURL(/[?&](q|lang)=/);
    await expect(search).toHaveValue('');
    await expect(rowOf(pythonId)).toBeVisible();
    await expect(rowOf(typescriptId)).toBeVisible();
  });

  test('pasting several names adds each, and Backspace removes the last', async ({ page }) => {
    await page.goto('/sandbox');
    const input = packagesInput(page);
    await input.focus();
    await input.evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'numpy, pandas requests');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    const chosen = form(page).getByRole('list', { name: 'Chosen packages' });
    await expect(chosen.getByRole('listitem')).toHaveText(['numpy', 'pandas', 'requests']);
    await input.press('Backspace');
    await expect(chosen.getByRole('listitem')).toHaveText(['numpy', 'pandas']);
    await form(page).getByRole('button', { name: 'Remove numpy' }).click();
    await expect(chosen.getByRole('listitem')).toHaveText(['pandas']);
    await expect(input).toBeFocused();
  });

  test('a refused request is shown beside the form and the typed packages stay', async ({
    page,
  }) => {
    await page.route('**/api/v1/code/sandbox', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'invalid_request', message: 'packages: no package named "nope"' },
        }),
      }),
    );
    await page.goto('/sandbox');
    await form(page).getByText('TypeScript').click();
    const input = packagesInput(page);
    await input.pressSequentially('nope');
    await input.press('Enter');
    await input.pressSequentially('left-pad');
    await input.press('Control+Enter');

    const alert = page.getByRole('alert').filter({ hasText: 'The sandbox could not be created' });
    await expect(alert).toContainText('Packages: no package named "nope"');
    await expect(alert).toContainText('invalid_request');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(/no package named "nope"/);
    await expect(form(page).getByRole('button', { name: 'Remove nope' })).toBeVisible();
    await expect(form(page).getByRole('button', { name: 'Remove left-pad' })).toBeVisible();
    await expect(form(page).getByRole('radio', { name: 'TypeScript' })).toBeChecked();
    await expect(page.getByRole('row').filter({ hasText: 'left-pad' })).toHaveCount(0);
  });
});
