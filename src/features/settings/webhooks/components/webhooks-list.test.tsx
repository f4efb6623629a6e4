import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookWithSecret } from '../../../../api/contract/notifications';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { WebhooksList } from './webhooks-list';
import { webhookOf } from '../../../../test/webhook';

const now = Date.parse('2026-11-27T12:00:00Z');
const webhook = (id: string, overrides: Partial<Webhook> = {}): Webhook =>
  webhookOf({
    id,
    url: `https://hooks.example.com/${id}`,
    events: ['training.completed', 'training.failed'],
    ...overrides,
  });

function setup(webhooks: Webhook[], props: Partial<Parameters<typeof WebhooksList>[0]> = {}) {
  const handlers = {
    onEdit: vi.fn(),
    onPause: vi.fn(),
    onResume: vi.fn(),
    onTest: vi.fn(),
    onRotate: vi.fn(),
    onDelete: vi.fn(),
    onDeliveries: vi.fn(),
  };
  render(
    <>
      <h2 id="webhooks-title">Webhooks</h2>
      <WebhooksList
        webhooks={webhooks}
        now={now}
        signedIn={false}
        pending={{}}
        {...handlers}
        {...props}
      />
    </>,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('WebhooksList', () => {
  it('shows each webhook’s URL, status, events, format and secret hint', () => {
    setup([
      webhook('a', { description: 'Team channel', format: 'slack' }),
      webhook('b', {
        status: 'paused',
        paused_reason: 'Failing for 3 days',
        failing_since: '2026-11-24T12:00:00Z',
        previous_secret_until: '2026-11-28T08:00:00Z',
      }),
    ]);
    const [first, second] = within(screen.getByRole('list', { name: 'Webhooks' })).getAllByRole(
      'listitem',
    );
    expect(first).toHaveTextContent('https://hooks.example.com/aActive');
    expect(first).toHaveTextContent('Team channel');
    expect(first).toHaveTextContent('EventsTraining completed, Training failed');
    expect(first).toHaveTextContent('FormatSlack');
    expect(first).toHaveTextContent('Secretwhsec_…x9Qa');
    expect(first).not.toHaveTextContent('Scope');
    expect(second).toHaveTextContent('Paused');
    expect(second).toHaveTextContent('Paused: Failing for 3 days');
    expect(second).toHaveTextContent('Failing since 3 days ago');
    expect(second).toHaveTextContent(/previous secret valid until/);
    expect(within(second!).getByRole('button', { name: /^Resume / })).toBeInTheDocument();
  });

  it('signed in, names each one’s scope and owner, and offers changes only to its owner', () => {
    setup(
      [
        webhook('mine', { owner: { id: 'u1', name: 'Ada' }, scope: 'team' }),
        webhook('theirs', { owner: { id: 'u2', name: 'Grace' }, editable: false }),
      ],
      { signedIn: true },
    );
    const [mine, theirs] = screen.getAllByRole('listitem');
    expect(mine).toHaveTextContent('ScopeTeam');
    expect(mine).toHaveTextContent('OwnerAda');
    expect(
      within(mine!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Edit', 'Pause', 'Send test event', 'Deliveries', 'Rotate secret', 'Delete']);
    expect(theirs).toHaveTextContent('Only Grace can change it.');
    // A teammate's webhook: its deliveries can be read, nothing changed.
    expect(
      within(theirs!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Deliveries']);
  });

  it('hands each action the webhook, and holds the button of one under way', async () => {
    const hook = webhook('a');
    const { user, onEdit, onPause, onTest, onDeliveries } = setup([hook], {
      pending: { rotate: 'a' },
    });
    await user.click(screen.getByRole('button', { name: 'Edit https://hooks.example.com/a' }));
    await user.click(screen.getByRole('button', { name: 'Pause https://hooks.example.com/a' }));
    await user.click(
      screen.getByRole('button', { name: 'Send test event to https://hooks.example.com/a' }),
    );
    await user.click(
      screen.getByRole('button', { name: 'Deliveries to https://hooks.example.com/a' }),
    );
    for (const handler of [onEdit, onPause, onTest, onDeliveries])
      expect(handler).toHaveBeenCalledWith(hook);
    const held = screen.getByRole('button', {
      name: 'Rotate secret of https://hooks.example.com/a',
    });
    expect(held).toHaveTextContent('Rotating…');
    expect(held).toHaveAttribute('aria-disabled', 'true');
    await user.click(held);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes and rotates only once the dialog is confirmed, and not on Cancel', async () => {
    const hook = webhook('a');
    const { user, onDelete, onRotate } = setup([hook]);

    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/a' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Delete the webhook to https://hooks.example.com/a?',
    });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/a' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete webhook' }));
    expect(onDelete).toHaveBeenCalledWith(hook);

    await user.click(
      screen.getByRole('button', { name: 'Rotate secret of https://hooks.example.com/a' }),
    );
    dialog = await screen.findByRole('dialog', {
      name: 'Rotate the secret of https://hooks.example.com/a?',
    });
    expect(dialog).toHaveAccessibleDescription(/keeps signing beside it for 24 hours/);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(onRotate).toHaveBeenCalledWith(hook);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when there are none', () => {
    setup([]);
    expect(screen.getByText('No webhooks yet.')).toBeInTheDocument();
  });
});

describe('WebhookSecretDialog', () => {
  const created: WebhookWithSecret = { ...webhook('a'), secret: 'whsec_c2VjcmV0' };

  it('shows the secret once, with a copy button and a warning, and closes on Done', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<WebhookSecretDialog webhook={created} rotated={false} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Webhook created' });
    expect(dialog).toHaveAccessibleDescription(/will not be shown again/);
    expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_c2VjcmV0',
    );
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Copy signing secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    expect(dialog).not.toHaveTextContent('previous secret');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('after a rotation, says until when the previous secret still signs', async () => {
    render(
      <WebhookSecretDialog
        webhook={{ ...created, previous_secret_until: '2026-11-28T12:00:00Z' }}
        rotated
        onClose={vi.fn()}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(dialog).toHaveTextContent(/The previous secret stays valid until .*2026/);
  });
});
