import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessMe } from '../../api/contract/access';
import type { HistoryEntry } from '../../api/contract/history';
import type { Inbox, InboxItem } from '../../api/contract/notifications';
import { InboxBell } from './inbox-bell';

const api = vi.hoisted(() => ({ accessMe: vi.fn(), inbox: vi.fn(), markInboxRead: vi.fn() }));
vi.mock('../../api/api-client', () => ({ apiClient: api }));

// A cache of each test's own, where the app shares one for the tab.
const cache = vi.hoisted(() => ({ client: null as QueryClient | null }));
vi.mock('../../lib/query-provider', () => ({
  QueryProvider: ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={cache.client!}>{children}</QueryClientProvider>
  ),
}));

type Transition = (previous: HistoryEntry | undefined, next: HistoryEntry) => void;
const history = vi.hoisted(() => ({ listeners: new Set<Transition>() }));
vi.mock('../../lib/server-history', () => ({
  onHistoryTransition: (listener: Transition) => {
    history.listeners.add(listener);
    return () => history.listeners.delete(listener);
  },
}));

const openMode: AccessMe = { mode: 'open', user: null, via: null };
const item = (id: string, read = false): InboxItem => ({
  id,
  type: 'training.completed',
  title: `Training ${id} completed`,
  at: new Date().toISOString(),
  job: null,
  url: `/jobs/${id}`,
  read,
});
const inboxOf = (items: InboxItem[]): Inbox => ({
  items,
  unread: items.filter((i) => !i.read).length,
});

function renderBell(me: AccessMe, inbox: Inbox) {
  api.accessMe.mockResolvedValue(me);
  api.inbox.mockResolvedValue(inbox);
  const onNavigate = vi.fn();
  render(<InboxBell placement="sidebar" onNavigate={onNavigate} />);
  return { onNavigate, user: userEvent.setup() };
}

beforeEach(() => {
  cache.client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.resetAllMocks();
  history.listeners.clear();
});

describe('InboxBell', () => {
  it('counts the unread items, and Mark all as read brings the count to 0', async () => {
    const { user } = renderBell(openMode, inboxOf([item('a'), item('b'), item('c', true)]));
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(api.inbox).toHaveBeenCalledWith({ scope: 'mine', limit: 30 }, expect.anything());
    api.markInboxRead.mockResolvedValue({ unread: 0 });
    api.inbox.mockResolvedValue(inboxOf([item('a', true), item('b', true), item('c', true)]));

    await user.click(bell);
    // Open mode: one inbox for everyone, nothing to switch.
    expect(screen.queryByRole('group', { name: 'Show notifications of' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(api.markInboxRead).toHaveBeenCalledWith({ all: true });
    expect(await screen.findByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
  });

  it('opens an item’s job in the app and marks that item read', async () => {
    const { user, onNavigate } = renderBell(openMode, inboxOf([item('a'), item('b')]));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    api.markInboxRead.mockResolvedValue({ unread: 1 });
    api.inbox.mockResolvedValue(inboxOf([item('a', true), item('b')]));
    await user.click(await screen.findByRole('link', { name: /^Training a completed/ }));
    expect(onNavigate).toHaveBeenCalledWith('/jobs/a');
    expect(api.markInboxRead).toHaveBeenCalledWith({ ids: ['a'] });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });

  it('reads the inbox again when the history says a job changed status, not on progress', async () => {
    renderBell(openMode, inboxOf([]));
    await screen.findByRole('button', { name: 'Notifications, 0 unread' });
    await waitFor(() => expect(history.listeners.size).toBe(1));
    const reads = api.inbox.mock.calls.length;
    const entry = { id: 'task_1', status: 'running' } as HistoryEntry;
    const tell = (next: HistoryEntry) =>
      history.listeners.forEach((listener) => listener(undefined, next));

    tell(entry);
    await waitFor(() => expect(api.inbox.mock.calls.length).toBe(reads + 1));
    tell(entry);
    api.inbox.mockResolvedValue(inboxOf([item('task_1')]));
    tell({ ...entry, status: 'completed' });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
    expect(api.inbox.mock.calls.length).toBe(reads + 2);
  });

  it('signed in, lists everyone’s on demand while the bell counts the person’s own', async () => {
    const { user } = renderBell(
      { mode: 'password', user: { id: 'u1', name: 'Ada', email: null }, via: 'session' },
      inboxOf([item('mine')]),
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    api.inbox.mockResolvedValue(inboxOf([item('mine'), item('theirs'), item('other')]));
    const group = await screen.findByRole('group', { name: 'Show notifications of' });
    await user.click(within(group).getByRole('radio', { name: 'Everyone' }));
    expect(await screen.findByRole('link', { name: /^Training theirs completed/ })).toBeVisible();
    expect(api.inbox).toHaveBeenCalledWith({ scope: 'everyone', limit: 30 }, expect.anything());
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
