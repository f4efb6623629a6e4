import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackedJob } from '../../../lib/tracked-jobs';
import type { Viewer } from '../../../lib/history-starter';
import { toJobView } from '../board-model';
import { JobBoard } from './job-board';
import { JobTable } from './job-table';

const finished = (id: string, started_by: TrackedJob['started_by']): TrackedJob => ({
  task_id: `task-${id}`,
  kind: 'voice',
  name: `voice_${id}`,
  created_at: '2026-01-01T00:00:00Z',
  snapshots: [{ at: '2026-01-01T00:01:00Z', status: 'completed', progress: 100 }],
  started_by,
});

const views = [
  finished('own', { id: 'u-ada', name: 'Ada', token: null }),
  finished('theirs', { id: 'u-grace', name: 'Grace', token: null }),
  finished('nobodys', null),
].map((job) => toJobView(job, false));

function renderIn(page: ReactNode) {
  const root = createRootRoute();
  const jobs = createRoute({ getParentRoute: () => root, path: '/jobs', component: () => page });
  const job = createRoute({ getParentRoute: () => root, path: '/jobs/$taskId' });
  const router = createRouter({
    routeTree: root.addChildren([jobs, job]),
    history: createMemoryHistory({ initialEntries: ['/jobs'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const layouts = {
  board: (viewer: Viewer, onRemove: (id: string) => void) => (
    <JobBoard views={views} onRemove={onRemove} viewer={viewer} />
  ),
  list: (viewer: Viewer, onRemove: (id: string) => void) => (
    <JobTable views={views} onRemove={onRemove} viewer={viewer} />
  ),
};

const removable = () =>
  screen
    .queryAllByRole('button', { name: /^Remove / })
    .map((button) => button.getAttribute('aria-label'));

describe.each(Object.entries(layouts))('Remove on the %s', (_, layout) => {
  it('is offered on the viewer’s own jobs and on those nobody started, not a colleague’s', async () => {
    const onRemove = vi.fn();
    renderIn(layout('u-ada', onRemove));
    expect(await screen.findByText('voice_theirs')).toBeInTheDocument();
    expect(removable()).toEqual(['Remove voice_own', 'Remove voice_nobodys']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove voice_own' }));
    expect(onRemove).toHaveBeenCalledWith('task-own');
  });

  it('is offered on every job when nobody signs in (open or direct mode)', async () => {
    renderIn(layout(null, vi.fn()));
    expect(await screen.findByText('voice_theirs')).toBeInTheDocument();
    expect(removable()).toEqual([
      'Remove voice_own',
      'Remove voice_theirs',
      'Remove voice_nobodys',
    ]);
  });
});
