import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import { BudgetLimitForm } from './budget-limit-form';

type Props = ComponentProps<typeof BudgetLimitForm>;

function setup(props: Partial<Props> = {}) {
  const onSave = vi.fn<Props['onSave']>(() => Promise.resolve());
  const all: Props = {
    label: 'Team monthly limit',
    subject: 'the team’s monthly limit',
    limit: null,
    onSave,
    saving: false,
    error: null,
    ...props,
  };
  const view = render(<BudgetLimitForm {...all} />);
  const field = screen.getByRole('spinbutton', { name: all.label });
  return { onSave: all.onSave, field, all, user: userEvent.setup(), ...view };
}

const save = () => screen.getByRole('button', { name: 'Save the team’s monthly limit' });

describe('BudgetLimitForm', () => {
  it('saves the limit typed, in dollars', async () => {
    const { onSave, field, user } = setup();
    await user.type(field, '12.5');
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(12.5));
    expect(field).toHaveValue(12.5);
  });

  it('shows the limit there is, and removes it with Remove (null)', async () => {
    const { onSave, field, user } = setup({ limit: 5 });
    expect(field).toHaveValue(5);
    await user.click(screen.getByRole('button', { name: 'Remove the team’s monthly limit' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(null));
    await waitFor(() => expect(field).toHaveValue(null));
    expect(field).toHaveFocus();
  });

  it('offers no Remove without a limit', () => {
    setup();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it.each([
    ['', 'Team monthly limit must not be empty: enter an amount in dollars, e.g. 50'],
    ['-3', 'Team monthly limit must be at least 0'],
    ['1.005', 'Team monthly limit must be in whole cents (at most two decimals)'],
    ['2000000000', 'Team monthly limit must be at most 1000000000'],
  ])('names the field and the rule for “%s”, and sends nothing', async (typed, message) => {
    const { onSave, field, user } = setup();
    if (typed) await user.type(field, typed);
    await user.click(save());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps what was typed when the save fails, and says why', async () => {
    const error = new ApiError({
      code: 'network_error',
      message: 'The network failed.',
      status: null,
    });
    const onSave = vi.fn(() => Promise.reject(error));
    const { field, user, rerender, all } = setup({ onSave, limit: 5 });
    await user.clear(field);
    await user.type(field, '40');
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(40));
    rerender(<BudgetLimitForm {...all} error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The team’s monthly limit could not be saved: The network failed.',
    );
    expect(field).toHaveValue(40);
  });

  it('puts a refusal that names the field beside it, by its label', () => {
    const error = new ApiError({
      code: 'invalid_request',
      message: 'monthly_limit: must be at least 0',
      status: 400,
    });
    const { field } = setup({
      error,
      label: 'Monthly limit for Alice',
      subject: 'the monthly limit for Alice',
    });
    expect(field).toHaveAccessibleDescription('Monthly limit for Alice: must be at least 0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes a limit set elsewhere unless the field is being edited', async () => {
    const { field, user, rerender, all } = setup({ limit: 5 });
    rerender(<BudgetLimitForm {...all} limit={7.5} />);
    await waitFor(() => expect(field).toHaveValue(7.5));
    await user.clear(field);
    await user.type(field, '9');
    rerender(<BudgetLimitForm {...all} limit={8} />);
    expect(field).toHaveValue(9);
  });
});
