import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error';
import type { AccessMe } from '../../../api/contract/access';
import type { Webhook } from '../../../api/contract/notifications';
import { WebhookSettings } from './webhook-settings';
import { webhookOf } from '../../../test/webhook';

const api = vi.hoisted(() => ({
  accessMe: vi.fn(),
  listWebhooks: vi.fn(),
  createWebhook: vi.fn(),
  updateWebhook: vi.fn(),
  deleteWebhook: vi.fn(),
  testWebhook: vi.fn(),
  rotateWebhookSecret: vi.fn(),
  listWebhookDeliveries: vi.fn(),
  redeliverWebhook: vi.fn(),
}));
vi.mock('../../../api/api-client', () => ({ apiClient: api }));

const openMode: AccessMe = { mode: 'open', user: null, via: null };
const signedIn: AccessMe = {
  mode: 'password',
  user: { id: 'u1', name: 'Ada', email: null },
  via: 'session',
};

const hook = webhookOf({
  events: ['training.completed', 'training.failed', 'training.stalled'],
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  secret_hint: 'whsec_…Qa9x',
});

function renderWebhooks(me: AccessMe, webhooks: Webhook[] = []) {
  api.accessMe.mockResolvedValue(me);
  api.listWebhooks.mockResolvedValue({ data: webhooks });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WebhookSettings />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.resetAllMocks());

describe('WebhookSettings', () => {
  it('adds a webhook, shows its secret once in a dialog, and lists it', async () => {
    const user = renderWebhooks(openMode);
    const region = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(region).findByText('No webhooks yet.')).toBeInTheDocument();
    api.createWebhook.mockResolvedValue({ ...hook, secret: 'whsec_once' });
    api.listWebhooks.mockResolvedValue({ data: [hook] });

    await user.click(within(region).getByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook' });
    expect(within(form).queryByRole('group', { name: 'Scope' })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'URL' }), hook.url);
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));

    const secret = await screen.findByRole('dialog', { name: 'Webhook created' });
    expect(api.createWebhook).toHaveBeenCalledWith({
      url: hook.url,
      events: hook.events,
      format: 'standard',
      description: '',
    });
    expect(within(secret).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'whsec_once',
    );
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('whsec_once')).not.toBeInTheDocument();
    expect(
      await within(region).findByRole('button', { name: `Delete ${hook.url}` }),
    ).toBeInTheDocument();
  });

  it('keeps the form open with what was typed when the gateway refuses the URL', async () => {
    const user = renderWebhooks(signedIn);
    api.createWebhook.mockRejectedValue(
      new ApiError({
        code: 'invalid_request',
        message: 'url points at 169.254.169.254, the cloud metadata address',
        status: 400,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = await screen.findByRole('dialog', { name: 'Add webhook' });
    const url = within(form).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'http://169.254.169.254/');
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(
        /URL points at 169\.254\.169\.254, the cloud metadata address/,
      ),
    );
    expect(url).toHaveValue('http://169.254.169.254/');
    // Signed in, the webhook is personal unless the team's is chosen.
    expect(api.createWebhook).toHaveBeenCalledWith(expect.objectContaining({ scope: 'personal' }));
  });

  it('edits a webhook with what the form shows, and pauses it', async () => {
    const user = renderWebhooks(openMode, [hook]);
    api.updateWebhook.mockImplementation((_id, changes) =>
      Promise.resolve({ ...hook, ...changes }),
    );
    await user.click(await screen.findByRole('button', { name: `Edit ${hook.url}` }));
    const form = await screen.findByRole('dialog', { name: 'Edit webhook' });
    const url = within(form).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue(hook.url);
    await user.clear(url);
    await user.type(url, 'https://hooks.example.com/moved');
    await user.click(within(form).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.updateWebhook).toHaveBeenCalledWith('wh_1', {
      url: 'https://hooks.example.com/moved',
      events: hook.events,
      format: 'standard',
      description: '',
    });

    await user.click(screen.getByRole('button', { name: `Pause ${hook.url}` }));
    await waitFor(() =>
      expect(api.updateWebhook).toHaveBeenLastCalledWith('wh_1', { paused: true }),
    );
  });

  it('sends a test event and shows its delivery in the deliveries dialog', async () => {
    const user = renderWebhooks(openMode, [hook]);
    const delivery = {
      id: 'd1',
      message_id: 'm1',
      event_type: 'webhook.test',
      entry_id: null,
      origin: 'test' as const,
      status: 'succeeded' as const,
      created_at: new Date().toISOString(),
      next_attempt_at: null,
      attempts: [
        {
          at: new Date().toISOString(),
          status_code: 204,
          duration_ms: 8,
          response_excerpt: '',
          error: null,
        },
      ],
    };
    api.testWebhook.mockResolvedValue({ ...delivery, status: 'pending', attempts: [] });
    api.listWebhookDeliveries.mockResolvedValue({ data: [delivery] });
    await user.click(await screen.findByRole('button', { name: `Send test event to ${hook.url}` }));
    await waitFor(() => expect(api.testWebhook).toHaveBeenCalledWith('wh_1'));
    await user.click(screen.getByRole('button', { name: `Deliveries to ${hook.url}` }));
    const dialog = await screen.findByRole('dialog', { name: `Deliveries to ${hook.url}` });
    const item = await within(dialog).findByRole('listitem', { name: 'Test event, just now' });
    expect(item).toHaveTextContent('Succeeded');
    expect(item).toHaveTextContent('HTTP 204 · 8 ms');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
