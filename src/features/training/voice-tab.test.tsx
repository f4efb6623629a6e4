import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { freshBrowserIndexedDb } from '../../test/browser-indexeddb';
import { inDirectMode } from '../../test/direct-mode';
import { runStart } from './starts/run-start';
import { VoiceTab } from './voice-tab';

vi.mock('./starts/run-start', () => ({ runStart: vi.fn() }));

inDirectMode();
beforeEach(() => {
  freshBrowserIndexedDb();
  vi.mocked(runStart).mockReset();
});

const refusal =
  "The team's monthly budget of $5.00 is spent: $6.20 is committed in December 2026 (completed trainings $5.10, running $1.10). New trainings can start again on 1 January 2027 (UTC), or once the limit is raised.";

function renderTab() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const root = createRootRoute({
    component: () => (
      <QueryClientProvider client={queryClient}>
        <VoiceTab onShown={() => undefined} />
      </QueryClientProvider>
    ),
  });
  const router = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/train'] }),
  });
  render(<RouterProvider router={router} />);
  return userEvent.setup();
}

describe('VoiceTab and a spent budget', () => {
  it('shows the gateway’s refusal above the submit and keeps every value', async () => {
    vi.mocked(runStart).mockRejectedValue(
      new ApiError({ code: 'budget_exceeded', message: refusal, status: 402 }),
    );
    const user = renderTab();
    const form = await screen.findByRole('form', { name: 'Train a custom voice' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    const urls = within(form).getByRole('textbox', { name: 'Clip URLs' });
    await user.type(name, 'narrator_one');
    await user.type(urls, 'https://cdn.test/a.wav');
    await user.click(within(form).getByRole('button', { name: 'Start voice training' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Not started: a monthly budget is spent');
    expect(alert).toHaveTextContent(refusal);
    expect(within(alert).getByRole('link', { name: 'Budgets in Settings' })).toHaveAttribute(
      'href',
      '/settings#budgets',
    );
    const submit = within(form).getByRole('button', { name: 'Start voice training' });
    // Just above the submit, where the eye goes after pressing it.
    expect(alert.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(submit).toBeEnabled();
    expect(name).toHaveValue('narrator_one');
    expect(urls).toHaveValue('https://cdn.test/a.wav');
    // Nothing to retry: the same start would meet the same limit. The refusal shows once.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(runStart).toHaveBeenCalledTimes(1);
  });

  it('starts again from the same values once the limit allows it', async () => {
    vi.mocked(runStart)
      .mockRejectedValueOnce(
        new ApiError({ code: 'budget_exceeded', message: refusal, status: 402 }),
      )
      .mockResolvedValueOnce({ task_id: 'task-1', name: 'narrator_one', status: 'queued' });
    const user = renderTab();
    const form = await screen.findByRole('form', { name: 'Train a custom voice' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'narrator_one');
    await user.type(
      within(form).getByRole('textbox', { name: 'Clip URLs' }),
      'https://cdn.test/a.wav',
    );
    await user.click(within(form).getByRole('button', { name: 'Start voice training' }));
    await within(form).findByRole('alert');

    await user.click(within(form).getByRole('button', { name: 'Start voice training' }));
    await waitFor(() => expect(runStart).toHaveBeenCalledTimes(2));
    const [first] = vi.mocked(runStart).mock.calls[0]!;
    const [second] = vi.mocked(runStart).mock.calls[1]!;
    // The same start, fixed: its id (and so any upload it finished) is kept.
    expect(second).toMatchObject({
      id: first.id,
      name: 'narrator_one',
      urls: ['https://cdn.test/a.wav'],
    });
    await waitFor(() => expect(within(form).queryByRole('alert')).not.toBeInTheDocument());
  });
});
