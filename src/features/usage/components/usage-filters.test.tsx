import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UsageFilters } from './usage-filters';

const search = { period: 'month', group_by: 'day', by: 'kind' } as const;

describe('UsageFilters', () => {
  it('shows the choices in the URL as labelled native controls', () => {
    render(<UsageFilters search={search} from="2026-12-01" to="2026-12-03" onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('month');
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveValue('day');
    expect(screen.getByRole('combobox', { name: 'Split spend by' })).toHaveValue('kind');
    // Days are chosen for a custom period only.
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('starts custom days from the days shown, and a preset drops them', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <UsageFilters search={search} from="2026-12-01" to="2026-12-03" onChange={onChange} />,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom days');
    expect(onChange).toHaveBeenLastCalledWith({
      period: 'custom',
      from: '2026-12-01',
      to: '2026-12-03',
    });
    rerender(
      <UsageFilters
        search={{ ...search, period: 'custom', from: '2026-12-01', to: '2026-12-03' }}
        from="2026-12-01"
        to="2026-12-03"
        onChange={onChange}
      />,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 30 days');
    expect(onChange).toHaveBeenLastCalledWith({ period: '30d', from: undefined, to: undefined });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'Week');
    expect(onChange).toHaveBeenLastCalledWith({ group_by: 'week' });
  });

  it('tells why the days give no report, on the fields', () => {
    render(
      <UsageFilters
        search={{ ...search, period: 'custom', from: '2026-12-03', to: '2026-12-01' }}
        from="2026-12-03"
        to="2026-12-01"
        error="The first day must not be after the last day."
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The first day must not be after the last day.',
    );
    expect(screen.getByLabelText('To')).toBeInvalid();
  });
});
