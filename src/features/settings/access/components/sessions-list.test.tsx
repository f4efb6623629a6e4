import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccessSession } from '../../../../api/contract/access';
import { SessionsList } from './sessions-list';
import { SignedInAs } from './signed-in-as';

const now = Date.parse('2026-11-27T12:00:00Z');
const session = (id: string, overrides: Partial<AccessSession>): AccessSession => ({
  id,
  created_at: '2026-11-27T09:00:00Z',
  last_seen_at: '2026-11-27T11:58:00Z',
  expires_at: '2026-12-04T11:58:00Z',
  user_agent: null,
  current: false,
  ...overrides,
});
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';

describe('SessionsList', () => {
  it('shows this browser first, marked, and offers Sign out for the others only', async () => {
    const onEnd = vi.fn();
    const sessions = [
      session('s1', { user_agent: chrome }),
      session('s2', { user_agent: firefox, current: true }),
    ];
    render(<SessionsList sessions={sessions} now={now} endingId={null} onEnd={onEnd} />);
    const [mine, other] = screen.getAllByRole('listitem');
    expect(mine).toHaveTextContent('Firefox on LinuxThis browser');
    expect(mine).toHaveTextContent('Signed in 3 h ago · Last active 2 min ago');
    expect(other).toHaveTextContent('Chrome on Windows');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    await userEvent.click(
      screen.getByRole('button', { name: 'Sign out Chrome on Windows, signed in 3 h ago' }),
    );
    expect(onEnd).toHaveBeenCalledWith(sessions[0]);
  });

  it('holds the button of a session being signed out', () => {
    render(<SessionsList sessions={[session('s1', {})]} now={now} endingId="s1" onEnd={vi.fn()} />);
    expect(screen.getByRole('button', { name: /Sign out Unknown browser/ })).toBeDisabled();
  });
});

describe('SignedInAs', () => {
  it('names the person and signs out through the gateway’s form', () => {
    render(<SignedInAs user={{ id: 'u1', name: 'Ada', email: 'ada@example.com' }} />);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent(
      'Signed in as Ada (ada@example.com)',
    );
    const button = screen.getByRole('button', { name: 'Sign out' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button.closest('form')).toHaveAttribute('action', '/auth/sign-out');
    expect(button.closest('form')).toHaveAttribute('method', 'post');
  });

  it('leaves the parentheses out without an email', () => {
    render(<SignedInAs user={{ id: 'u1', name: 'Owner', email: null }} />);
    expect(screen.getByText(/Signed in as/)).toHaveTextContent(/^Signed in as Owner$/);
  });
});
