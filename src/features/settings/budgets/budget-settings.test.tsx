import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Budget, Budgets } from '../../../api/contract/usage';
import { BudgetSettings } from './budget-settings';

const api = vi.hoisted(() => ({
  budgets: vi.fn(),
  setTeamBudget: vi.fn(),
  setPersonBudget: vi.fn(),
}));
vi.mock('../../../api/api-client', () => ({ apiClient: api }));

const budget = (spend: number, limit: number | null, running = 0): Budget => ({
  monthly_limit: limit,
  spend,
  running,
  percent: limit === null ? null : (spend / limit) * 100,
  updated_at: limit === null ? null : '2026-12-01T09:30:00.000Z',
  updated_by: limit === null ? null : 'u-alice',
});

const december: Budgets = {
  month: '2026-12',
  resets_at: '2027-01-01T00:00:00.000Z',
  team: budget(3.2, 5, 1.1),
  people: [
    { id: 'u-alice', name: 'Alice', ...budget(2.2, null) },
    { id: 'u-bob', name: 'Bob', ...budget(1, 4) },
  ],
  me: 'u-alice',
  can_manage: true,
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BudgetSettings />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  api.budgets.mockReset().mockResolvedValue(december);
  api.setTeamBudget.mockReset();
  api.setPersonBudget.mockReset();
});

describe('BudgetSettings', () => {
  it('shows the team’s spend against its limit, who set it, and when budgets start again', async () => {
    renderCard();
    const card = screen.getByRole('region', { name: 'Budgets' });
    expect(
      await within(card).findByText('$3.20 of $5.00 (64 %) — $1.10 of it still running'),
    ).toBeInTheDocument();
    expect(
      within(card).getByRole('meter', { name: 'The team’s spend this month' }),
    ).toHaveAttribute('aria-valuenow', '64');
    expect(card).toHaveTextContent('Budgets start again on 1 January 2027 (UTC).');
    expect(card).toHaveTextContent('Limit set by Alice on 1 December 2026.');
    expect(within(card).getByRole('spinbutton', { name: 'Team monthly limit' })).toHaveValue(5);
  });

  it('lists each person with their spend and their own limit', async () => {
    renderCard();
    const table = await screen.findByRole('table');
    const alice = within(table).getByRole('row', { name: /^Alice/ });
    expect(alice).toHaveTextContent('(you)');
    expect(alice).toHaveTextContent('$2.20 committed, no limit');
    expect(within(alice).getByRole('spinbutton', { name: 'Monthly limit for Alice' })).toHaveValue(
      null,
    );
    const bob = within(table).getByRole('row', { name: /^Bob/ });
    expect(bob).toHaveTextContent('$1.00 of $4.00 (25 %)');
    expect(within(bob).getByRole('spinbutton', { name: 'Monthly limit for Bob' })).toHaveValue(4);
  });

  it('saves a person’s limit and shows the budgets the gateway answers', async () => {
    const after: Budgets = {
      ...december,
      people: [{ id: 'u-alice', name: 'Alice', ...budget(2.2, 2) }, december.people[1]!],
    };
    api.setPersonBudget.mockResolvedValue(after);
    const user = renderCard();
    const field = await screen.findByRole('spinbutton', { name: 'Monthly limit for Alice' });
    await user.type(field, '2');
    api.budgets.mockResolvedValue(after);
    await user.click(screen.getByRole('button', { name: 'Save the monthly limit for Alice' }));

    await waitFor(() =>
      expect(api.setPersonBudget).toHaveBeenCalledWith('u-alice', { monthly_limit: 2 }),
    );
    expect(await screen.findByText('$2.20 of $2.00 (110 %)')).toBeInTheDocument();
    // Read again after the change: spend may have moved meanwhile.
    await waitFor(() => expect(api.budgets).toHaveBeenCalledTimes(2));
  });

  it('removes the team’s limit', async () => {
    const after = { ...december, team: budget(3.2, null, 1.1) };
    api.setTeamBudget.mockResolvedValue(after);
    const user = renderCard();
    const remove = await screen.findByRole('button', { name: 'Remove the team’s monthly limit' });
    api.budgets.mockResolvedValue(after);
    await user.click(remove);
    await waitFor(() => expect(api.setTeamBudget).toHaveBeenCalledWith({ monthly_limit: null }));
    expect(
      await screen.findByText('$3.20 committed, no limit — $1.10 of it still running'),
    ).toBeInTheDocument();
  });

  it('only shows the limits to someone who may not change them', async () => {
    api.budgets.mockResolvedValue({ ...december, can_manage: false });
    renderCard();
    expect(
      await screen.findByText('Only the gateway’s budget managers change limits.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Bob/ })).toHaveTextContent('$4.00');
  });
});
