import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CreatedAccessToken } from '../../../../api/contract/access';
import { NewTokenDialog } from './new-token-dialog';
import { TokensList } from './tokens-list';

const now = Date.parse('2026-11-27T12:00:00Z');
const tokens = [
  {
    id: 't1',
    name: 'nightly export',
    created_at: '2026-11-27T10:00:00Z',
    last_used_at: null,
    expires_at: null,
  },
  {
    id: 't2',
    name: 'deploy bot',
    created_at: '2026-11-20T12:00:00Z',
    last_used_at: '2026-11-27T11:55:00Z',
    expires_at: '2026-12-20T12:00:00Z',
  },
  {
    id: 't3',
    name: 'old script',
    created_at: '2026-10-01T12:00:00Z',
    last_used_at: null,
    expires_at: '2026-10-31T12:00:00Z',
  },
];

describe('TokensList', () => {
  it('lists each token with when it was made and last used', () => {
    render(<TokensList tokens={tokens} now={now} revokingId={null} onRevoke={vi.fn()} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('nightly export');
    expect(items[0]).toHaveTextContent('Created 2 h ago · Never used · Never expires');
    expect(items[1]).toHaveTextContent(
      'Created 7 days ago · Last used 5 min ago · Expires in 23 days',
    );
    expect(items[2]).toHaveTextContent(/· ExpiredRevoke$/);
  });

  it('counts down the last day in hours', () => {
    const soon = { ...tokens[1]!, expires_at: '2026-11-28T03:30:00Z' };
    render(<TokensList tokens={[soon]} now={now} revokingId={null} onRevoke={vi.fn()} />);
    expect(screen.getByRole('listitem')).toHaveTextContent(/· Expires in 15 hRevoke$/);
  });

  it('revokes only once the dialog is confirmed, and not on Cancel', async () => {
    const onRevoke = vi.fn();
    const user = userEvent.setup();
    render(<TokensList tokens={tokens} now={now} revokingId={null} onRevoke={onRevoke} />);

    await user.click(screen.getByRole('button', { name: 'Revoke deploy bot' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke “deploy bot”?' });
    expect(dialog).toHaveAccessibleDescription(/refused from now on/);
    // The safe choice has the focus: Enter does not revoke.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onRevoke).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Revoke deploy bot' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(onRevoke).toHaveBeenCalledWith(tokens[1]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when there are none', () => {
    render(<TokensList tokens={[]} now={now} revokingId={null} onRevoke={vi.fn()} />);
    expect(screen.getByText('No tokens yet.')).toBeInTheDocument();
  });
});

describe('NewTokenDialog', () => {
  const created: CreatedAccessToken = { ...tokens[0]!, token: 'msat_abc123' };

  it('shows the secret once, with a copy button and a warning, and closes on Done', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<NewTokenDialog token={created} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: 'Token “nightly export” created' });
    expect(dialog).toHaveAccessibleDescription(/will not be shown again/);
    expect(within(dialog).getByRole('textbox', { name: 'New token' })).toHaveValue('msat_abc123');
    await user.click(within(dialog).getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith('msat_abc123');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });
});
