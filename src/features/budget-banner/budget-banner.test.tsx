import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Budgets } from '../../api/contract/usage';
import type * as BannerModule from './budget-banner';

const api = vi.hoisted(() => ({ budgets: vi.fn() }));
vi.mock('../../api/api-client', () => ({ apiClient: api }));
type Transition = (previous: unknown, entry: { id: string; status: string }) => void;
const history = vi.hoisted(() => ({ listeners: [] as Transition[] }));
vi.mock('../../lib/server-history', () => ({
  onHistoryTransition: (listener: Transition) => {
    history.listeners.push(listener);
    return () => history.listeners.splice(history.listeners.indexOf(listener), 1);
  },
}));

const teamAt = (spend: number): Budgets => ({
  month: '2026-12',
  resets_at: '2027-01-01T00:00:00.000Z',
  team: {
    monthly_limit: 100,
    spend,
    running: 0,
    percent: spend,
    updated_at: '2026-12-01T09:00:00.000Z',
    updated_by: null,
  },
  people: [],
  me: null,
  can_manage: true,
});

let BudgetBanner: typeof BannerModule.BudgetBanner;

beforeEach(async () => {
  // The banner's query cache is the tab's one, in a module: each test loads its own.
  vi.resetModules();
  ({ BudgetBanner } = await import('./budget-banner'));
  localStorage.clear();
  history.listeners.length = 0;
  api.budgets.mockReset();
});

describe('BudgetBanner', () => {
  it('shows the team’s budget at 80 %, and no more once dismissed, after a reload too', async () => {
    api.budgets.mockResolvedValue(teamAt(84));
    const user = userEvent.setup();
    const first = render(<BudgetBanner onNavigate={vi.fn()} />);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Team budget: 84 % used ($84.00 of $100.00) · resets 1 January',
    );
    await user.click(screen.getByRole('button', { name: /^Dismiss: Team budget/ }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    first.unmount();
    render(<BudgetBanner onNavigate={vi.fn()} />);
    await waitFor(() => expect(api.budgets).toHaveBeenCalled());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('reads the budgets again when a job changes, and warns once the budget is reached', async () => {
    api.budgets.mockResolvedValue(teamAt(50));
    render(<BudgetBanner onNavigate={vi.fn()} />);
    await waitFor(() => expect(api.budgets).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(history.listeners).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    api.budgets.mockResolvedValue(teamAt(100));
    act(() => history.listeners[0]!(null, { id: 'job-1', status: 'completed' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3_000 })).toHaveTextContent(
      'Team budget reached: new trainings are refused until 1 January (UTC)',
    );
  });
});
