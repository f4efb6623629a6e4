import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FilesSearch } from '../search';
import type { ListedUpload } from '../shared-upload';
import { shownFirst } from '../../../api/contract/history-groups';
import { UploadsCard, type UploadsCardProps } from './uploads-card';

const filesPerPage = shownFirst.upload;

const file = (n: number, patch: Partial<ListedUpload> = {}): ListedUpload => ({
  file_id: `file_${n}`,
  filename: `tone-${n}.wav`,
  size: 1200,
  purpose: 'audio-input',
  created_at: '2026-03-01T10:00:00.000Z',
  ...patch,
});

/** The card with its filter held the way the page holds it in the URL. */
function Filtered(props: Partial<UploadsCardProps> & Pick<UploadsCardProps, 'onRemove'>) {
  const [filter, setFilter] = useState<FilesSearch>({});
  return (
    <>
      <output aria-label="URL filter">{JSON.stringify(filter)}</output>
      <UploadsCard
        uploads={[]}
        loading={false}
        error={null}
        onRetry={() => {}}
        shared
        previews={{}}
        onTogglePreview={() => {}}
        removingId={null}
        viewer={null}
        filter={filter}
        onFilterChange={(patch) => setFilter((current) => ({ ...current, ...patch }))}
        {...props}
      />
    </>
  );
}

function renderCard(props: Partial<UploadsCardProps>) {
  const onRemove = vi.fn();
  const root = createRootRoute();
  const files = createRoute({
    getParentRoute: () => root,
    path: '/files',
    component: () => <Filtered onRemove={onRemove} {...props} />,
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

  it('counts and offers the shared files not read yet, and leaves them out of a filter', async () => {
    const first = Array.from({ length: filesPerPage }, (_, i) => file(i));
    const { user } = renderCard({ uploads: first, unread: 7, shared: true });
    expect(
      await screen.findByRole('heading', {
        name: `Uploaded through this gateway (${filesPerPage + 7})`,
      }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Show 7 more files' })).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: /search/i }), 'tone');
    expect(screen.queryByRole('button', { name: /more files/ })).not.toBeInTheDocument();
  });

  it('offers a labelled search, purpose and source behind the gateway, no source directly', async () => {
    renderCard({ uploads: [file(1)], shared: true });
    const region = await screen.findByRole('search', { name: 'Filter uploaded files' });
    expect(within(region).getByRole('searchbox', { name: 'Search files' })).toBeVisible();
    const purpose = within(region).getByRole('combobox', { name: 'Purpose' });
    expect(
      within(purpose)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All purposes', 'Image input', 'Video input', 'Audio input', 'General']);
    expect(within(region).getByRole('combobox', { name: 'Sent from' })).toBeVisible();
  });

  it('directly, has no source filter', async () => {
    renderCard({ uploads: [file(1)], shared: false });
    expect(await screen.findByRole('combobox', { name: 'Purpose' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Sent from' })).toBeNull();
  });

  it('narrows the list as the search is typed, says how many match, and clears', async () => {
    const { user } = renderCard({
      uploads: [file(1), file(2, { filename: 'cover.png', purpose: 'image-input' }), file(3)],
    });
    await user.type(await screen.findByRole('searchbox', { name: 'Search files' }), 'COVER');
    expect(screen.getByLabelText('URL filter')).toHaveTextContent('{"q":"COVER"}');
    const list = screen.getByRole('list', { name: 'Uploaded files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('listitem', { name: 'cover.png' })).toBeVisible();
    expect(screen.getByText('1 of 3 files')).toHaveAttribute('role', 'status');
    // The title still counts every file.
    expect(
      screen.getByRole('heading', { name: 'Uploaded through this gateway (3)' }),
    ).toBeVisible();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Purpose' }), 'audio-input');
    expect(screen.queryByRole('list', { name: 'Uploaded files' })).toBeNull();
    expect(screen.getByText('No file matches these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('URL filter')).toHaveTextContent('{}');
    expect(
      within(screen.getByRole('list', { name: 'Uploaded files' })).getAllByRole('listitem'),
    ).toHaveLength(3);
  });

  it('filters by who uploaded the file, and shows a filtered list from its first page', async () => {
    const many = Array.from({ length: filesPerPage * 3 }, (_, i) =>
      file(i, { fromOtherClient: i % 3 !== 0 }),
    );
    const { user } = renderCard({ uploads: many });
    await user.click(
      await screen.findByRole('button', { name: `Show ${filesPerPage} more files` }),
    );
    const list = screen.getByRole('list', { name: 'Uploaded files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(filesPerPage * 2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sent from' }), 'client');
    expect(within(list).getAllByRole('listitem')).toHaveLength(filesPerPage);
    expect(screen.getByText(`${filesPerPage * 2} of ${filesPerPage * 3} files`)).toBeVisible();
    expect(within(list).getAllByText('From another client')).toHaveLength(filesPerPage);
  });

  it('on a shared gateway, says who uploaded each file and offers Remove on one’s own only', async () => {
    const ada = { id: 'u-ada', name: 'Ada', token: null };
    const grace = { id: 'u-grace', name: 'Grace', token: 'nightly' };
    renderCard({
      uploads: [file(1, { startedBy: ada }), file(2, { startedBy: grace }), file(3)],
      viewer: 'u-ada',
    });
    const row = async (n: number) =>
      within(await screen.findByRole('listitem', { name: `tone-${n}.wav` }));
    expect((await row(1)).getByText('by Ada')).toBeInTheDocument();
    expect((await row(1)).getByRole('button', { name: /^Remove for everyone/ })).toBeVisible();
    expect((await row(2)).getByText('by Grace via token nightly')).toBeInTheDocument();
    expect((await row(2)).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect((await row(3)).getByRole('button', { name: /^Remove for everyone/ })).toBeVisible();
  });
});
