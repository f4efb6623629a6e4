import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TakeFilter } from '../search';
import type { SpeechTake } from '../speech-take';
import { shownFirst } from '../../../api/contract/history-groups';
import { HistorySection } from './history-section';

const takesPerPage = shownFirst.speech;

// Measuring needs Web Audio; the compare's own tests cover what the measure does.
vi.mock('../compare/measure-loudness', () => ({ measureLoudness: async () => -16 }));

function take(n: number, patch: Partial<SpeechTake> = {}): SpeechTake {
  return {
    id: `speech_${n}`,
    kind: 'sync',
    text: `Take number ${n}`,
    voiceId: 'en_aria',
    created_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    error: null,
    audio: null,
    format: 'mp3',
    facts: {},
    settings: null,
    request: { kind: 'sync', body: {} },
    fromOtherClient: false,
    ...patch,
  };
}

/** The section with its filter held the way the page holds it in the URL. */
function Harness({ takes, shared }: { takes: SpeechTake[]; shared: boolean }) {
  const [filter, setFilter] = useState<TakeFilter>({});
  return (
    <>
      <output aria-label="URL filter">{JSON.stringify(filter)}</output>
      <HistorySection
        takes={takes}
        loading={false}
        error={null}
        shared={shared}
        voiceNames={new Map()}
        curlFor={() => ''}
        onUse={() => {}}
        onRemove={() => {}}
        viewer={null}
        filter={filter}
        onFilterChange={(patch) => setFilter((current) => ({ ...current, ...patch }))}
      />
    </>
  );
}

function setup(takes: SpeechTake[], shared = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness takes={takes} shared={shared} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const articles = () => screen.queryAllByRole('article');

describe('HistorySection filters', () => {
  it('offers a labelled search, kind and source in a search region of the shared history', () => {
    setup([take(1)]);
    const region = screen.getByRole('search', { name: 'Filter the history' });
    expect(within(region).getByRole('searchbox', { name: 'Search history' })).toBeVisible();
    const kind = within(region).getByRole('combobox', { name: 'Kind' });
    expect(
      within(kind)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All kinds', 'Speech', 'Async task', 'Voice extend']);
    const source = within(region).getByRole('combobox', { name: 'Sent from' });
    expect(
      within(source)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sent from anywhere', 'This dashboard', 'Other clients']);
  });

  it('has no source filter in this browser’s own history', () => {
    setup([take(1)], false);
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Sent from' })).toBeNull();
  });

  it('narrows the list as the search is typed, says how many match, and clears', async () => {
    const user = setup([take(1), take(2, { kind: 'async', text: 'Weather' }), take(3)]);
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'weather');
    expect(screen.getByLabelText('URL filter')).toHaveTextContent('{"hq":"weather"}');
    expect(articles()).toHaveLength(1);
    expect(screen.getByText('1 of 3 takes')).toHaveAttribute('role', 'status');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'extend');
    expect(articles()).toHaveLength(0);
    expect(screen.getByText('No take matches these filters.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('URL filter')).toHaveTextContent('{}');
    expect(articles()).toHaveLength(3);
    expect(screen.queryByText(/of 3 takes/)).toBeNull();
  });

  it('filters by who sent the take', async () => {
    const user = setup([take(1), take(2, { fromOtherClient: true })]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sent from' }), 'client');
    expect(articles()).toHaveLength(1);
    expect(screen.getByText('From another client')).toBeVisible();
  });

  it('shows a filtered list from its first page again', async () => {
    const many = Array.from({ length: takesPerPage * 3 }, (_, i) =>
      take(i, { kind: i % 2 ? 'async' : 'sync' }),
    );
    const user = setup(many);
    await user.click(screen.getByRole('button', { name: `Show ${takesPerPage} more takes` }));
    expect(articles()).toHaveLength(takesPerPage * 2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'async');
    expect(articles()).toHaveLength(takesPerPage);
    expect(
      screen.getByText(`${(takesPerPage * 3) / 2} of ${takesPerPage * 3} takes`),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: `Show ${takesPerPage / 2} more takes` }),
    ).toBeVisible();
  });
});

describe('HistorySection compare', () => {
  const playable = (n: number, patch: Partial<SpeechTake> = {}) =>
    take(n, { audio: new Blob([String(n)], { type: 'audio/mpeg' }), ...patch });

  it('offers Compare on takes with audio, and compares the two chosen, A the first', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:take');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const user = setup([playable(1), playable(2), playable(3), take(4, { status: 'processing' })]);
    const box = (n: number) =>
      screen.getByRole('checkbox', { name: `Compare “Take number ${n}” by en_aria` });
    expect(screen.getAllByRole('checkbox', { name: /^Compare / })).toHaveLength(3);

    await user.click(box(2));
    expect(screen.getByText(/^Tick “Compare” on one more take/)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('region', { name: 'Compare takes' })).toBeNull();
    await user.click(box(1));
    const region = await screen.findByRole('region', { name: 'Compare takes' });
    const compared = within(region).getByRole('list', { name: 'Compared takes' });
    expect(
      within(compared)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Take A · en_aria.*Take number 2$/),
      expect.stringMatching(/^Take B · en_aria.*Take number 1$/),
    ]);

    // A third choice replaces the oldest: take 2 leaves, take 1 becomes A.
    await user.click(box(3));
    expect(box(2)).not.toBeChecked();
    expect(box(1)).toBeChecked();
    expect(box(3)).toBeChecked();
    expect(
      within(screen.getByRole('list', { name: 'Compared takes' })).getAllByRole('listitem')[0],
    ).toHaveTextContent(/Take number 1$/);

    await user.click(screen.getByRole('button', { name: 'Stop comparing' }));
    expect(screen.queryByRole('region', { name: 'Compare takes' })).toBeNull();
    expect(box(1)).not.toBeChecked();
    vi.restoreAllMocks();
  });
});
