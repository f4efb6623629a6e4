import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorView } from '../../../components/error-view';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { summariseUserAgent } from '../access/user-agent';
import { PushDevices } from './components/push-devices';
import { pushQueries, useNotifyThisDevice, useRemovePushDevice, useTestPush } from './queries';

// A minute is fine enough for "added 5 min ago".
const clockMs = 60_000;

/** Settings → Notifications, in gateway mode: which browsers the gateway pushes job news to. */
export function NotificationSettings() {
  const info = useQuery(pushQueries.info());
  const thisDevice = useQuery(pushQueries.thisDevice());
  const notify = useNotifyThisDevice();
  const remove = useRemovePushDevice();
  const test = useTestPush();
  const now = useNow(clockMs);
  const devices = info.data?.devices ?? [];
  const thisDeviceId =
    thisDevice.data && devices.some((device) => device.id === thisDevice.data)
      ? thisDevice.data
      : null;

  return (
    <Card
      labelledBy="notifications-title"
      title="Notifications"
      description="The gateway tells your devices when a job of yours ends, fails or gets stuck, even with the dashboard closed."
    >
      {info.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the devices…
        </p>
      ) : info.error ? (
        <ErrorView
          title="The devices could not be read"
          error={info.error}
          onRetry={() => void info.refetch()}
        />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap gap-2">
            {thisDeviceId ? (
              <Button
                variant="secondary"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(thisDeviceId, {
                    onSuccess: () => toast.success('This device no longer gets notifications'),
                    onError: (error) =>
                      toast.error(`Could not stop notifying this device: ${error.message}`),
                  })
                }
              >
                Stop notifying this device
              </Button>
            ) : (
              <Button
                disabled={notify.isPending}
                onClick={() =>
                  notify.mutate(info.data.public_key, {
                    onSuccess: () => toast.success('This device gets notifications now'),
                  })
                }
              >
                {notify.isPending ? 'Asking the browser…' : 'Notify this device'}
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={test.isPending || devices.length === 0}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: ({ sent }) =>
                    toast.success(
                      sent === 1
                        ? 'Test notification sent to 1 device'
                        : `Test notification sent to ${sent} devices`,
                    ),
                  onError: (error) =>
                    toast.error(`Could not send a test notification: ${error.message}`),
                })
              }
            >
              {test.isPending ? 'Sending…' : 'Send a test notification'}
            </Button>
          </div>
          {/* Always there: a screen reader announces what appears in a region it already knows. */}
          <div role="alert" className="text-sm text-red-700 empty:hidden dark:text-red-400">
            {notify.error && `This device could not be subscribed: ${notify.error.message}`}
          </div>
          <h3 id="push-devices-title" className="text-sm font-semibold">
            Devices
          </h3>
          <PushDevices
            devices={devices}
            thisDeviceId={thisDeviceId}
            now={now}
            removingId={remove.isPending ? (remove.variables ?? null) : null}
            onRemove={(device) => {
              const browser = summariseUserAgent(device.user_agent);
              remove.mutate(device.id, {
                onSuccess: () => toast.success(`${browser} no longer gets notifications`),
                onError: (error) => toast.error(`Could not remove ${browser}: ${error.message}`),
              });
            }}
          />
        </div>
      )}
    </Card>
  );
}
