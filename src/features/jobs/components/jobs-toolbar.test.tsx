import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { JobsToolbar } from './jobs-toolbar';

const people = [
  { id: 'u-ada', name: 'Ada Lovelace' },
  { id: 'u-bot', name: '<b>Render bot</b>' },
];

describe('the "Started by" filter', () => {
  it('offers Anyone and each person by name, showing the one in the URL', () => {
    render(
      <JobsToolbar
        search={{ view: 'board', started_by: 'u-ada' }}
        onChange={vi.fn()}
        people={people}
      />,
    );
    const region = screen.getByRole('search', { name: 'Filter jobs' });
    const select = within(region).getByRole('combobox', { name: 'Started by' });
    expect(select).toHaveValue('u-ada');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Ada Lovelace', '<b>Render bot</b>']);
  });

  it('reports a person by id, and Anyone as no filter', async () => {
    const onChange = vi.fn();
    render(<JobsToolbar search={{ view: 'board' }} onChange={onChange} people={people} />);
    const select = screen.getByRole('combobox', { name: 'Started by' });
    await userEvent.selectOptions(select, 'Ada Lovelace');
    expect(onChange).toHaveBeenLastCalledWith({ started_by: 'u-ada' });
    await userEvent.selectOptions(select, 'Anyone');
    expect(onChange).toHaveBeenLastCalledWith({ started_by: undefined });
  });

  it('is not there when nobody started a job signed in', () => {
    render(<JobsToolbar search={{ view: 'board' }} onChange={vi.fn()} />);
    expect(screen.queryByRole('combobox', { name: 'Started by' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toBeInTheDocument();
  });
});
