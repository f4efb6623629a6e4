import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Inbox, InboxItem } from '../../../api/contract/notifications';
import { InboxPopover } from './inbox-popover';

const now = Date.parse('2026-11-27T12:00:00Z');
const item = (id: string, overrides: Partial<InboxItem> = {}): InboxItem => ({
  id,
  type: 'training.completed',
  title: `Training ${id} completed`,
  at: '2026-11-27T11:55:00Z',
  job: null,
  url: `/jobs/${id}`,
  read: false,
  ...overrides,
});
const inbox: Inbox = {
  items: [
    item('voice_a'),
    item('voice_b', { read: true, at: '2026-11-27T09:00:00Z', title: 'Training voice_b failed' }),
  ],
  unread: 1,
};

function setup(props: Partial<Parameters<typeof InboxPopover>[0]> = {}) {
  const handlers = { onMarkAll: vi.fn(), onOpen: vi.fn() };
  render(
    <InboxPopover
      placement="sidebar"
      unread={1}
      inbox={inbox}
      error={null}
      scope={null}
      now={now}
      {...handlers}
      {...props}
    />,
  );
  return { ...handlers, user: userEvent.setup() };
}

describe('InboxPopover', () => {
  it('names the unread count on the bell, and lists the newest items when opened', async () => {
    const { user } = setup();
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveTextContent('1');
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [unread, read] = within(list).getAllByRole('link');
    expect(unread).toHaveAccessibleName('Training voice_a completed, 5 min ago, unread');
    expect(unread).toHaveAttribute('href', '/jobs/voice_a');
    expect(read).toHaveAccessibleName('Training voice_b failed, 3 h ago');
    // Open mode: one inbox, nothing to switch.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows no number on the bell with nothing unread', () => {
    setup({ unread: 0 });
    const bell = screen.getByRole('button', { name: 'Notifications, 0 unread' });
    expect(bell).toHaveTextContent('');
  });

  it('opens an item’s page in the app, which marks it read, and closes', async () => {
    const { user, onOpen } = setup();
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    await user.click(await screen.findByRole('link', { name: /voice_a completed/ }));
    expect(onOpen).toHaveBeenCalledWith(inbox.items[0], '/jobs/voice_a');
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('follows an address of this dashboard in the app, and leaves another site to the browser', async () => {
    const here = `${window.location.origin}/jobs/voice_c?tab=log`;
    const { user, onOpen } = setup({
      inbox: {
        items: [item('voice_c', { url: here }), item('d', { url: 'https://status.example.com/x' })],
        unread: 2,
      },
    });
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const other = await screen.findByRole('link', { name: /^Training d completed/ });
    expect(other).toHaveAttribute('href', 'https://status.example.com/x');
    await user.click(screen.getByRole('link', { name: /^Training voice_c completed/ }));
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'voice_c' }),
      '/jobs/voice_c?tab=log',
    );
  });

  it('makes no link of an address that is not the dashboard’s or http(s)', async () => {
    const { user } = setup({
      inbox: {
        items: [item('x', { url: 'javascript:alert(1)' }), item('y', { url: '//evil.example/' })],
        unread: 2,
      },
    });
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(list).toHaveTextContent('Training x completed');
  });

  it('marks all read, and switches between mine and everyone’s when signed in', async () => {
    const onChange = vi.fn();
    const { user, onMarkAll } = setup({ scope: { value: 'mine', onChange } });
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    const group = await screen.findByRole('group', { name: 'Show notifications of' });
    expect(within(group).getByRole('radio', { name: 'Mine' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Everyone' }));
    expect(onChange).toHaveBeenCalledWith('everyone');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(onMarkAll).toHaveBeenCalled();
  });

  it('opens from the keyboard with the focus on the newest item, and Escape gives it back', async () => {
    const { user } = setup();
    await user.tab();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');
    const newest = await screen.findByRole('link', { name: /voice_a completed/ });
    await waitFor(() => expect(newest).toHaveFocus());
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('says whether it is open, labels its panel, and closes on a press outside or Tab out', async () => {
    const { user } = setup();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-controls', panel.id);

    await user.click(document.body);
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The bell again closes what it opened.
    await user.click(bell);
    await user.click(bell);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Tab past the last item leaves the panel, which closes behind the focus.
    render(<button type="button">After</button>);
    await user.click(bell);
    await waitFor(() => expect(screen.getByRole('link', { name: /voice_a/ })).toHaveFocus());
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says why when the inbox could not be read', async () => {
    const { user } = setup({ inbox: undefined, error: new Error('The network failed.') });
    await user.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The notifications could not be read: The network failed.',
    );
  });
});
