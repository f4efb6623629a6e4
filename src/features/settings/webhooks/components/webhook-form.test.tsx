import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../api/api-error';
import { WebhookForm, type WebhookFormValues } from './webhook-form';

const blank: WebhookFormValues = {
  url: '',
  events: ['training.completed', 'training.failed', 'training.stalled'],
  format: 'standard',
  scope: 'personal',
  description: '',
};

function setup(props: Partial<Parameters<typeof WebhookForm>[0]> = {}) {
  const onSubmit = vi.fn((_values: WebhookFormValues) => Promise.resolve());
  const view = render(
    <WebhookForm
      defaultValues={blank}
      showScope={false}
      submitLabel="Add webhook"
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      submitting={false}
      error={null}
      {...props}
    />,
  );
  return { onSubmit, user: userEvent.setup(), ...view };
}

describe('WebhookForm', () => {
  it('starts with the three training events and the standard format', () => {
    setup();
    const events = screen.getByRole('group', { name: 'Events' });
    const checked = within(events)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
    expect(checked).toEqual(['Training completed', 'Training failed', 'Training stalled']);
    expect(within(events).getAllByRole('checkbox')).toHaveLength(8);
    const format = screen.getByRole('combobox', { name: 'Format' });
    expect(format).toHaveDisplayValue('Standard Webhooks (JSON)');
    expect(Array.from(format.querySelectorAll('option'), (o) => o.textContent)).toEqual([
      'Standard Webhooks (JSON)',
      'Slack',
      'Discord',
    ]);
    // Open mode: every webhook sees every job, so there is no scope to choose.
    expect(screen.queryByRole('group', { name: 'Scope' })).not.toBeInTheDocument();
  });

  it('sends the URL, the chosen events, the format and the trimmed description', async () => {
    const { onSubmit, user } = setup({ showScope: true });
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://hooks.example.com/in');
    await user.click(screen.getByRole('checkbox', { name: 'Training stalled' }));
    await user.click(screen.getByRole('checkbox', { name: 'Generation failed' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Format' }), 'Discord');
    await user.click(
      within(screen.getByRole('group', { name: 'Scope' })).getByRole('radio', { name: 'Team' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Description' }), '  #studio ');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        url: 'https://hooks.example.com/in',
        events: ['training.completed', 'training.failed', 'generation.failed'],
        format: 'discord',
        scope: 'team',
        description: '#studio',
      }),
    );
  });

  it('names each field by its label when a rule is broken, and sends nothing', async () => {
    const { onSubmit, user } = setup();
    for (const box of screen.getAllByRole('checkbox', { checked: true })) await user.click(box);
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const url = screen.getByRole('textbox', { name: 'URL' });
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(/URL must be an absolute http\(s\) URL/),
    );
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(
      'Events must name at least one event type',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the gateway’s refusal of the URL beside the field, and keeps what was typed', async () => {
    const error = new ApiError({
      code: 'invalid_request',
      message: 'url points at 169.254.169.254, the cloud metadata address',
      status: 400,
    });
    const onSubmit = vi.fn(() => Promise.reject(error));
    const { user, rerender } = setup({ onSubmit });
    const url = screen.getByRole('textbox', { name: 'URL' });
    await user.type(url, 'http://169.254.169.254/');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'metadata');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    rerender(
      <WebhookForm
        defaultValues={blank}
        showScope={false}
        submitLabel="Add webhook"
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        submitting={false}
        error={error}
      />,
    );
    expect(url).toHaveAccessibleDescription(
      /URL points at 169\.254\.169\.254, the cloud metadata address/,
    );
    expect(url).toHaveValue('http://169.254.169.254/');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('metadata');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why in an alert when the refusal names no field', () => {
    const error = new ApiError({
      code: 'forbidden',
      message: 'Only Ada can change this webhook.',
      status: 403,
    });
    setup({ error });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The webhook could not be saved: Only Ada can change this webhook.',
    );
  });

  it('holds the button while saving and cancels on Cancel', async () => {
    const onCancel = vi.fn();
    const { user } = setup({ submitting: true, onCancel });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
