import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListedUpload } from '../shared-upload';
import { filesPerPage } from './uploaded-files-list';
import { UploadsCard, type UploadsCardProps } from './uploads-card';

const file = (n: number, patch: Partial<ListedUpload> = {}): ListedUpload => ({
  file_id: `file_${n}`,
  filename: `tone-${n}.wav`,
  size: 1200,
  purpose: 'audio-input',
  created_at: '2026-03-01T10:00:00.000Z',
  ...patch,
});

function renderCard(props: Partial<UploadsCardProps>) {
  const onRemove = vi.fn();
  const root = createRootRoute();
  const files = createRoute({
    getParentRoute: () => root,
    path: '/files',
    component: () => (
      <UploadsCard
        uploads={[]}
        loading={false}
        error={null}
        onRetry={() => {}}
        shared
        previews={{}}
        onTogglePreview={() => {}}
        onRemove={onRemove}
        removingId={null}
        {...props}
      />
    ),
  });
  const train = createRoute({ getParentRoute: () => root, path: '/train' });
  const router = createRouter({
    routeTree: root.addChildren([files, train]),
    history: createMemoryHistory({ initialEntries: ['/files'] }),
  });
  render(<RouterProvider router={router} />);
  return { onRemove, user: userEvent.setup() };
}

describe('UploadsCard', () => {
  it('behind the gateway, lists everyone’s uploads, marks other clients’, removes for everyone', async () => {
    const { onRemove, user } = renderCard({
      uploads: [file(1, { fromOtherClient: true }), file(2)],
      shared: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Uploaded through this gateway (2)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/by anyone, updated live/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Uploaded files' });
    const first = within(list).getByRole('listitem', { name: 'tone-1.wav' });
    expect(within(first).getByText('From another client')).toBeInTheDocument();
    expect(
      within(within(list).getByRole('listitem', { name: 'tone-2.wav' })).queryByText(
        'From another client',
      ),
    ).not.toBeInTheDocument();
    const remove = within(first).getByRole('button', { name: 'Remove for everyone: tone-1.wav' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    // Everyone loses it: nothing happens until the user says yes.
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('tone-1.wav'));
    expect(onRemove).not.toHaveBeenCalled();
    await user.click(remove);
    expect(onRemove).toHaveBeenCalledWith('file_1');
    confirm.mockRestore();
  });

  it('directly, lists this browser’s uploads and says they are kept here only', async () => {
    renderCard({ uploads: [file(1)], shared: false });
    expect(
      await screen.findByRole('heading', { name: 'Uploaded from this browser (1)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Kept in this browser only/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Remove ?tone-1.wav from this list$/ }),
    ).toBeInTheDocument();
  });

  it('says when nobody has uploaded through the gateway yet', async () => {
    renderCard({ uploads: [], shared: true });
    expect(
      await screen.findByText('No files uploaded through this gateway yet'),
    ).toBeInTheDocument();
  });

  it('draws the newest files first and the rest on request', async () => {
    const many = Array.from({ length: filesPerPage + 3 }, (_, i) => file(i));
    const { user } = renderCard({ uploads: many });
    const list = await screen.findByRole('list', { name: 'Uploaded files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(filesPerPage);
    await user.click(screen.getByRole('button', { name: 'Show 3 more files' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(many.length);
  });
});
