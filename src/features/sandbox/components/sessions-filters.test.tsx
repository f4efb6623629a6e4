import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SessionsFilters } from './sessions-filters';

describe('SessionsFilters', () => {
  it('labels the search and the language filter inside a search region', () => {
    render(<SessionsFilters search={{ q: 'zod', lang: 'typescript' }} onChange={vi.fn()} />);
    const region = screen.getByRole('search', { name: 'Filter sandboxes' });
    const box = within(region).getByRole('searchbox', { name: 'Search sandboxes' });
    expect(box).toHaveValue('zod');
    expect(box).toHaveAttribute('maxlength', '200');
    const language = within(region).getByRole('combobox', { name: 'Language' });
    expect(language).toHaveValue('typescript');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All languages', 'Python', 'JavaScript', 'TypeScript']);
  });

  it('reports each change as a patch, and an emptied field as no filter', async () => {
    const onChange = vi.fn();
    render(<SessionsFilters search={{}} onChange={onChange} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sandboxes' }), 'n');
    expect(onChange).toHaveBeenLastCalledWith({ q: 'n' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Python');
    expect(onChange).toHaveBeenLastCalledWith({ lang: 'python' });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Language' }),
      'All languages',
    );
    expect(onChange).toHaveBeenLastCalledWith({ lang: undefined });
  });
});
