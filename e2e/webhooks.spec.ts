import { expect, test, type Page } from '@playwright/test';
import { blockingLines } from './fixtures/axe';
import { Webhook as Verifier } from 'standardwebhooks';
import { isFocused, tabTo } from './fixtures/keyboard';
import {
  startWebhookReceiver,
  type ReceivedRequest,
} from '../server/test-support/webhook-receiver';

/*
 * Settings → Webhooks with the keyboard alone: Tab and Shift+Tab to move, Enter and Space to
 * use a control, text typed. The receiver is a server of the test's own on 127.0.0.1, which
 * the e2e gateway may reach (WEBHOOK_ALLOW_PRIVATE=true in playwright.config.ts).
 */

// A journey of dozens of key presses and several deliveries: slower on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** The Standard Webhooks headers of a request, as the verifier takes them. */
const signed = (request: ReceivedRequest) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

/** The test events the receiver got: other tests' trainings may end meanwhile and reach it too. */
const testEvents = (received: readonly ReceivedRequest[]) =>
  received.filter(
    (request) => (JSON.parse(request.body) as { type?: unknown }).type === 'webhook.test',
  );

/** Loads Settings and moves into its content through the skip link, as a keyboard user would. */
async function openSettings(page: Page) {
  await page.goto('/settings');
  const region = page.getByRole('region', { name: 'Webhooks' });
  await expect(region.getByRole('button', { name: 'Add webhook' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  return region;
}

test('a webhook made, tested, redelivered, rotated, paused, resumed and deleted by keyboard', async ({
  page,
}) => {
  const receiver = await startWebhookReceiver([200], () => '{"received":true}');
  try {
    const region = await openSettings(page);

    // The cloud metadata address is refused by the gateway, beside the URL field.
    await tabTo(page, region.getByRole('button', { name: 'Add webhook' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'Add webhook' });
    const url = form.getByRole('textbox', { name: 'URL' });
    await expect(url).toBeFocused();
    await page.keyboard.type('http://169.254.169.254/');
    await page.keyboard.press('Enter');
    await expect(url).toHaveAccessibleDescription(
      /URL points at 169\.254\.169\.254, the cloud metadata address/,
    );
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    // The refusal kept the form and what was typed.
    await expect(url).toHaveValue('http://169.254.169.254/');

    // The receiver instead, with one more event than the three training ones.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(receiver.url);
    const generation = form.getByRole('checkbox', { name: 'Generation completed' });
    await tabTo(page, generation);
    await page.keyboard.press('Space');
    await expect(generation).toBeChecked();
    await tabTo(page, form.getByRole('textbox', { name: 'Description' }));
    await page.keyboard.type('e2e receiver');
    await page.keyboard.press('Enter');

    // The secret, once.
    const created = page.getByRole('dialog', { name: 'Webhook created' });
    await expect(created).toContainText('will not be shown again');
    const secret = await created.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await blockingLines(page, { include: '[role="dialog"]' })).toEqual([]);
    await expect(created.getByRole('button', { name: 'Done' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(created).toBeHidden();
    expect(await page.content()).not.toContain(secret);

    const item = region
      .getByRole('list', { name: 'Webhooks' })
      .getByRole('listitem')
      .filter({ hasText: receiver.url });
    await expect(item).toContainText('Active');
    await expect(item).toContainText('e2e receiver');
    await expect(item).toContainText(
      'Training completed, Training failed, Training stalled, Generation completed',
    );
    expect(
      await blockingLines(page, { include: 'section[aria-labelledby="webhooks-title"]' }),
    ).toEqual([]);

    // A test event reaches the receiver, signed with that secret.
    await tabTo(page, item.getByRole('button', { name: `Send test event to ${receiver.url}` }));
    await page.keyboard.press('Enter');
    await expect.poll(() => testEvents(receiver.received).length, { timeout: 15_000 }).toBe(1);
    const first = testEvents(receiver.received)[0]!;
    expect(first.method).toBe('POST');
    const event = new Verifier(secret).verify(first.body, signed(first)) as { type: string };
    expect(event.type).toBe('webhook.test');

    // Its delivery, answered 200, then sent again with the same message id.
    await tabTo(page, item.getByRole('button', { name: `Deliveries to ${receiver.url}` }));
    await page.keyboard.press('Enter');
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    const deliveries = log.getByRole('listitem', { name: /^Test event, / });
    await expect(deliveries).toHaveCount(1);
    await expect(deliveries.first()).toContainText('Succeeded');
    await expect(deliveries.first()).toContainText('1 attempt');
    await expect(deliveries.first()).toContainText(/HTTP 200 · \d+ ms/);
    await expect(deliveries.first().locator('pre')).toHaveText('{"received":true}');
    expect(await blockingLines(page, { include: '[role="dialog"]' })).toEqual([]);
    await tabTo(page, deliveries.first().getByRole('button', { name: /^Redeliver Test event/ }));
    await page.keyboard.press('Enter');
    await expect(deliveries).toHaveCount(2);
    await expect(deliveries.first()).toContainText('Sent again by hand');
    await expect(deliveries.first()).toContainText('Succeeded', { timeout: 15_000 });
    const again = testEvents(receiver.received);
    expect(again).toHaveLength(2);
    expect(again[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();

    // A new secret, shown once after a confirmation; the old one signs beside it for a day.
    await tabTo(page, item.getByRole('button', { name: `Rotate secret of ${receiver.url}` }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Rotate the secret of ${receiver.url}?` });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await tabTo(page, confirm.getByRole('button', { name: 'Rotate secret' }));
    await page.keyboard.press('Enter');
    const rotated = page.getByRole('dialog', { name: 'New signing secret' });
    await expect(rotated).toContainText(/The previous secret stays valid until/);
    const newSecret = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await expect(rotated.getByRole('button', { name: 'Done' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(rotated).toBeHidden();
    await expect(item).toContainText('previous secret valid until');
    // The focus goes back to the row's Rotate button once the dialog has closed (a frame or so
    // later on a busy machine): the keyboard goes on from where it was.
    const rotate = item.getByRole('button', { name: `Rotate secret of ${receiver.url}` });
    await expect.poll(() => isFocused(rotate)).toBe(true);

    // Paused, then resumed: the focus stays on the button, which says what it does next.
    const pause = item.getByRole('button', { name: `Pause ${receiver.url}` });
    await tabTo(page, pause, { back: true });
    await page.keyboard.press('Enter');
    await expect(item).toContainText('Paused');
    const resume = item.getByRole('button', { name: `Resume ${receiver.url}` });
    await expect.poll(() => isFocused(resume)).toBe(true);
    await page.keyboard.press('Enter');
    await expect(item.getByRole('button', { name: `Pause ${receiver.url}` })).toBeVisible();
    await expect(item).toContainText('Active');

    // Deleted after a confirmation: Enter on the focused Cancel deletes nothing.
    await tabTo(page, item.getByRole('button', { name: `Delete ${receiver.url}` }));
    await page.keyboard.press('Enter');
    const remove = page.getByRole('dialog', { name: `Delete the webhook to ${receiver.url}?` });
    await expect(remove.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(remove).toBeHidden();
    await expect(item).toBeVisible();
    await tabTo(page, item.getByRole('button', { name: `Delete ${receiver.url}` }));
    await page.keyboard.press('Enter');
    await tabTo(page, remove.getByRole('button', { name: 'Delete webhook' }));
    await page.keyboard.press('Enter');
    await expect(item).toHaveCount(0);
    await expect(region.getByRole('button', { name: 'Add webhook' })).toBeFocused();
  } finally {
    await receiver.close();
  }
});
