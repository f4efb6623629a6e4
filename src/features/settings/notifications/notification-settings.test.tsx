import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice } from '../../../api/contract/notifications';
import { NotificationSettings } from './notification-settings';
import { rememberThisDevice } from './this-device';

const api = vi.hoisted(() => ({
  pushInfo: vi.fn(),
  addPushDevice: vi.fn(),
  removePushDevice: vi.fn(),
  testPush: vi.fn(),
}));
vi.mock('../../../api/api-client', () => ({ apiClient: api }));
const worker = vi.hoisted(() => ({
  registerServiceWorker: vi.fn(),
  currentPushSubscription: vi.fn(),
  subscribePush: vi.fn(),
  unsubscribePush: vi.fn(),
}));
vi.mock('../../../lib/service-worker', () => worker);

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const device = (id: string, overrides: Partial<PushDevice> = {}): PushDevice => ({
  id,
  user_agent: chrome,
  service: 'https://fcm.googleapis.com',
  created_at: new Date().toISOString(),
  last_push_at: null,
  ...overrides,
});
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk', auth: 'au' },
};

function renderNotifications(devices: PushDevice[], current: typeof subscription | null = null) {
  api.pushInfo.mockResolvedValue({ public_key: 'BGateway', devices });
  worker.currentPushSubscription.mockResolvedValue(current);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NotificationSettings />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), region: screen.getByRole('region', { name: 'Notifications' }) };
}

afterEach(() => vi.resetAllMocks());

describe('NotificationSettings', () => {
  it('subscribes this device with the gateway’s key, then registers its subscription', async () => {
    const { user, region } = renderNotifications([]);
    expect(await within(region).findByText('No devices get notifications yet.')).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Send a test notification' })).toBeDisabled();
    worker.subscribePush.mockResolvedValue(subscription);
    api.addPushDevice.mockResolvedValue(device('pd_1'));
    worker.currentPushSubscription.mockResolvedValue(subscription);
    api.pushInfo.mockResolvedValue({ public_key: 'BGateway', devices: [device('pd_1')] });

    await user.click(within(region).getByRole('button', { name: 'Notify this device' }));
    await waitFor(() => expect(api.addPushDevice).toHaveBeenCalledWith(subscription));
    expect(worker.subscribePush).toHaveBeenCalledWith('BGateway');
    const item = await within(region).findByRole('listitem');
    expect(item).toHaveTextContent('Chrome on LinuxThis device');
    expect(item).toHaveTextContent(/Added just now · Not notified yet · fcm\.googleapis\.com/);
    expect(
      within(region).getByRole('button', { name: 'Stop notifying this device' }),
    ).toBeInTheDocument();
  });

  it('says in an alert why the browser could not subscribe, and registers nothing', async () => {
    const { user, region } = renderNotifications([]);
    worker.subscribePush.mockRejectedValue(
      new Error("The browser's push service could not be reached"),
    );
    await user.click(await within(region).findByRole('button', { name: 'Notify this device' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      "This device could not be subscribed: The browser's push service could not be reached",
    );
    expect(api.addPushDevice).not.toHaveBeenCalled();
  });

  it('removes another device from the gateway only, and this one’s subscription too', async () => {
    rememberThisDevice({ id: 'pd_mine', endpoint: subscription.endpoint });
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; rv:133.0) Gecko/20100101 Firefox/133.0';
    const { user, region } = renderNotifications(
      [
        device('pd_other', { user_agent: firefox, last_push_at: new Date().toISOString() }),
        device('pd_mine'),
      ],
      subscription,
    );
    api.removePushDevice.mockResolvedValue(null);
    const list = await within(region).findByRole('list', { name: 'Devices' });
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('This device'),
    );
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Last notified just now');

    await user.click(
      within(list).getByRole('button', { name: 'Remove Firefox on Windows, added just now' }),
    );
    await waitFor(() => expect(api.removePushDevice).toHaveBeenCalledWith('pd_other'));
    expect(worker.unsubscribePush).not.toHaveBeenCalled();

    await user.click(within(region).getByRole('button', { name: 'Stop notifying this device' }));
    await waitFor(() => expect(worker.unsubscribePush).toHaveBeenCalled());
    expect(api.removePushDevice).toHaveBeenLastCalledWith('pd_mine');
  });

  it('sends a test notification to every device', async () => {
    const { user, region } = renderNotifications([device('pd_1')]);
    api.testPush.mockResolvedValue({ sent: 1 });
    await user.click(
      await within(region).findByRole('button', { name: 'Send a test notification' }),
    );
    await waitFor(() => expect(api.testPush).toHaveBeenCalled());
  });
});
