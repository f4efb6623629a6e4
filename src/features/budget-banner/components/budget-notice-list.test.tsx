import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BudgetNotice } from '../budget-notices';
import { BudgetNoticeList } from './budget-notice-list';

const warning: BudgetNotice = {
  key: 'team:80:2026-12',
  whose: 'team',
  threshold: 80,
  text: 'Team budget: 84 % used ($84.00 of $100.00) · resets 1 January',
};
const reached: BudgetNotice = {
  key: 'person/u-alice:100:2026-12',
  whose: 'mine',
  threshold: 100,
  text: 'Your budget reached: your new trainings are refused until 1 January (UTC)',
};

function setup(notices: BudgetNotice[]) {
  const onDismiss = vi.fn();
  const onNavigate = vi.fn();
  render(<BudgetNoticeList notices={notices} onDismiss={onDismiss} onNavigate={onNavigate} />);
  return { onDismiss, onNavigate, user: userEvent.setup() };
}

describe('BudgetNoticeList', () => {
  it('draws nothing without a notice', () => {
    const { container } = render(
      <BudgetNoticeList notices={[]} onDismiss={vi.fn()} onNavigate={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('tells of 80 % politely and of a budget reached at once', () => {
    setup([warning, reached]);
    expect(screen.getByRole('status')).toHaveTextContent(warning.text);
    expect(screen.getByRole('alert')).toHaveTextContent(reached.text);
  });

  it('links to Settings → Budgets and to the usage, inside the app', async () => {
    const { onNavigate, user } = setup([warning]);
    const settings = screen.getByRole('link', { name: 'Budgets in Settings' });
    expect(settings).toHaveAttribute('href', '/settings#budgets');
    expect(screen.getByRole('link', { name: 'Usage' })).toHaveAttribute('href', '/usage');
    await user.click(settings);
    expect(onNavigate).toHaveBeenCalledWith('/settings#budgets');
  });

  it('dismisses the notice its button belongs to', async () => {
    const { onDismiss, user } = setup([warning, reached]);
    await user.click(screen.getByRole('button', { name: `Dismiss: ${reached.text}` }));
    expect(onDismiss).toHaveBeenCalledWith(reached);
  });
});
