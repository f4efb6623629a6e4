import type { PushDevice } from '../../../../api/contract/notifications';
import { relativeTime } from '../../../../lib/relative-time';
import { summariseUserAgent } from '../../access/user-agent';

interface PushDevicesProps {
  devices: readonly PushDevice[];
  /** The device that is this browser, if it is listed. */
  thisDeviceId: string | null;
  now: number;
  /** The device being removed, if any. */
  removingId: string | null;
  onRemove: (device: PushDevice) => void;
}

/** The push service's host: "fcm.googleapis.com" says which browser family delivers. */
function serviceHost(service: string): string {
  try {
    return new URL(service).host;
  } catch {
    return service;
  }
}

/** Every browser that gets this person's notifications; any can be removed from here. */
export function PushDevices({
  devices,
  thisDeviceId,
  now,
  removingId,
  onRemove,
}: PushDevicesProps) {
  if (devices.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">No devices get notifications yet.</p>
    );
  }
  // This browser first: the one a person looks for.
  const ordered = [...devices].sort(
    (a, b) => Number(b.id === thisDeviceId) - Number(a.id === thisDeviceId),
  );
  return (
    <ul
      aria-labelledby="push-devices-title"
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {ordered.map((device) => {
        const browser = summariseUserAgent(device.user_agent);
        const added = relativeTime(device.created_at, now);
        return (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium" title={device.user_agent ?? undefined}>
                {browser}
                {device.id === thisDeviceId && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    This device
                  </span>
                )}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Added{' '}
                <time dateTime={device.created_at} title={device.created_at}>
                  {added}
                </time>
                {' · '}
                {device.last_push_at ? (
                  <>
                    Last notified{' '}
                    <time dateTime={device.last_push_at} title={device.last_push_at}>
                      {relativeTime(device.last_push_at, now)}
                    </time>
                  </>
                ) : (
                  'Not notified yet'
                )}
                {' · '}
                {serviceHost(device.service)}
              </p>
            </div>
            <button
              type="button"
              onClick={() => onRemove(device)}
              disabled={removingId === device.id}
              aria-label={`Remove ${browser}, added ${added}`}
              className="rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 max-md:min-h-11 dark:text-red-400 dark:hover:bg-red-950/40"
            >
              {removingId === device.id ? 'Removing…' : 'Remove'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
