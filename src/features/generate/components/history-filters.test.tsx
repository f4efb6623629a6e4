import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { HistoryFiltersBar } from './history-filters';

describe('HistoryFiltersBar', () => {
  it('labels every control inside a search region named for the tab', () => {
    render(
      <HistoryFiltersBar
        noun="video"
        filters={{ hq: 'owl', hstatus: 'failed', hsource: 'client' }}
        onChange={vi.fn()}
        bySource
      />,
    );
    const region = screen.getByRole('search', { name: 'Filter video history' });
    expect(within(region).getByRole('searchbox', { name: 'Search history' })).toHaveValue('owl');
    expect(within(region).getByRole('combobox', { name: 'Outcome' })).toHaveValue('failed');
    expect(within(region).getByRole('combobox', { name: 'Sent from' })).toHaveValue('client');
  });

  it('reports each change as a patch, and an emptied field as no filter', async () => {
    const onChange = vi.fn();
    render(<HistoryFiltersBar noun="image" filters={{ hq: 'o' }} onChange={onChange} bySource />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search history' }), 'w');
    expect(onChange).toHaveBeenLastCalledWith({ hq: 'ow' });
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search history' }));
    expect(onChange).toHaveBeenLastCalledWith({ hq: undefined });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Outcome' }), 'Succeeded');
    expect(onChange).toHaveBeenLastCalledWith({ hstatus: 'succeeded' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Sent from' }),
      'This dashboard',
    );
    expect(onChange).toHaveBeenLastCalledWith({ hsource: 'dashboard' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Outcome' }),
      'All outcomes',
    );
    expect(onChange).toHaveBeenLastCalledWith({ hstatus: undefined });
  });

  it('offers no source filter where the history knows no other client', () => {
    render(<HistoryFiltersBar noun="image" filters={{}} onChange={vi.fn()} bySource={false} />);
    expect(screen.queryByRole('combobox', { name: 'Sent from' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search history' })).toHaveAttribute(
      'maxlength',
      '200',
    );
  });
});
