import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TakeFilter } from '../search';
import type { SpeechTake } from '../speech-take';
import { takesPerPage } from './history-list';
import { HistorySection } from './history-section';

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
  render(<Harness takes={takes} shared={shared} />);
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
