import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import { TokenForm } from './token-form';

function setup(props: Partial<Parameters<typeof TokenForm>[0]> = {}) {
  const onCreate = vi.fn(() => Promise.resolve());
  const view = render(<TokenForm onCreate={onCreate} creating={false} error={null} {...props} />);
  return { onCreate, user: userEvent.setup(), ...view };
}

describe('TokenForm', () => {
  it('creates a token with the trimmed name, then empties the field', async () => {
    const { onCreate, user } = setup();
    const name = screen.getByRole('textbox', { name: 'Token name' });
    await user.type(name, '  nightly export ');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenCalledWith({ name: 'nightly export', expires_in_days: 30 }),
    );
    await waitFor(() => expect(name).toHaveValue(''));
  });

  it('asks when the token expires: 30 days unless another choice, Never sends null', async () => {
    const { onCreate, user } = setup();
    const expires = screen.getByRole('combobox', { name: 'Expires' });
    expect(expires).toHaveDisplayValue('30 days');
    expect(Array.from(expires.querySelectorAll('option'), (option) => option.textContent)).toEqual([
      '30 days',
      '90 days',
      '1 year',
      'Never',
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'yearly');
    await user.selectOptions(expires, '1 year');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenLastCalledWith({ name: 'yearly', expires_in_days: 365 }),
    );
    await waitFor(() => expect(expires).toHaveDisplayValue('30 days'));

    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'forever');
    await user.selectOptions(expires, 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenLastCalledWith({ name: 'forever', expires_in_days: null }),
    );
  });

  it('names the field and the rule it breaks, and sends nothing', async () => {
    const { onCreate, user } = setup();
    const name = screen.getByRole('textbox', { name: 'Token name' });
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(/^Token name: give the token a name/)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Token name: give the token a name/);

    await user.type(name, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Token name: at most 60 characters')).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('keeps the name when the request fails, and says why', async () => {
    const error = new ApiError({
      code: 'network_error',
      message: 'The network failed.',
      status: null,
    });
    const onCreate = vi.fn(() => Promise.reject(error));
    const { user, rerender } = setup({ onCreate });
    const name = screen.getByRole('textbox', { name: 'Token name' });
    await user.type(name, 'deploy bot');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledTimes(1));
    rerender(<TokenForm onCreate={onCreate} creating={false} error={error} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The token could not be created: The network failed.',
    );
    expect(name).toHaveValue('deploy bot');
  });

  it('puts a refusal that names the field beside it', () => {
    const error = new ApiError({
      code: 'invalid_request',
      message: 'name: At most 60 characters',
      status: 400,
    });
    setup({ error });
    expect(screen.getByRole('textbox', { name: 'Token name' })).toHaveAccessibleDescription(
      /Token name: at most 60 characters/,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
