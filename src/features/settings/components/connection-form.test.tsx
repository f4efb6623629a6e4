import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toConnection } from '../connection-form-values';
import { ConnectionForm } from './connection-form';

const gatewayValues = { mode: 'gateway' as const, baseUrl: '', apiKey: '', stackId: '' };

function setup(defaultValues = gatewayValues) {
  const onSave = vi.fn();
  const onTest = vi.fn();
  render(
    <ConnectionForm
      defaultValues={defaultValues}
      onSave={onSave}
      onTest={onTest}
      saving={false}
      testing={false}
    />,
  );
  return { onSave, onTest, user: userEvent.setup() };
}

describe('ConnectionForm', () => {
  it('saves gateway mode without asking for credentials', async () => {
    const { onSave, user } = setup();
    expect(screen.queryByLabelText('API key')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    // The form's schema loads on first use.
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(toConnection(onSave.mock.calls[0]![0])).toEqual({ mode: 'gateway' });
  });

  it('warns that direct mode stores the key and names each invalid field', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('radio', { name: /Directly to a service URL/ }));
    expect(screen.getByRole('note')).toHaveTextContent(/stored in this browser/);
    await user.type(screen.getByLabelText('Base URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(
      await screen.findByText('Base URL must be an http:// or https:// address'),
    ).toBeInTheDocument();
    expect(screen.getByText('API key is required in direct mode')).toBeInTheDocument();
    expect(screen.getByLabelText('Base URL')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('tests the values as typed, before they are saved', async () => {
    const { onTest, onSave, user } = setup();
    await user.click(screen.getByRole('radio', { name: /Directly to a service URL/ }));
    await user.type(screen.getByLabelText('Base URL'), 'https://api.example.com/');
    await user.type(screen.getByLabelText('API key'), ' sk-123 ');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(onTest).toHaveBeenCalledTimes(1));
    expect(onSave).not.toHaveBeenCalled();
    expect(toConnection(onTest.mock.calls[0]![0])).toEqual({
      mode: 'direct',
      baseUrl: 'https://api.example.com/',
      apiKey: 'sk-123',
      stackId: undefined,
    });
  });

  it('keeps what was typed in direct mode when switching modes back and forth', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('radio', { name: /Directly to a service URL/ }));
    await user.type(screen.getByLabelText('Stack ID'), 'stack-9');
    await user.click(screen.getByRole('radio', { name: /Through this dashboard/ }));
    await user.click(screen.getByRole('radio', { name: /Directly to a service URL/ }));
    expect(screen.getByLabelText('Stack ID')).toHaveValue('stack-9');
  });
});
