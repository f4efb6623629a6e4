import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import { isApiError } from '../../../api/api-error';
import type { PushSubscriptionInput } from '../../../api/contract/notifications';
import {
  currentPushSubscription,
  subscribePush,
  unsubscribePush,
} from '../../../lib/service-worker';
import { readThisDevice, rememberThisDevice } from './this-device';

/** The gateway's push key and this person's devices, in gateway mode only. */
export const pushQueries = {
  all: () => ['push'] as const,
  info: () =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'info'] as const,
      queryFn: ({ signal }) => apiClient.pushInfo({ signal }),
    }),
  /**
   * Which listed device is this browser: the one it registered, while its subscription is
   * still the one registered (a browser may drop a subscription by itself).
   */
  thisDevice: () =>
    queryOptions({
      queryKey: [...pushQueries.all(), 'this-device'] as const,
      queryFn: async () => {
        const subscription = await currentPushSubscription();
        const kept = readThisDevice();
        return kept && subscription?.endpoint === kept.endpoint ? kept.id : null;
      },
      staleTime: Infinity,
    }),
};

/** A subscription as the browser gives it, as the gateway takes it. */
function toInput(subscription: PushSubscriptionJSON): PushSubscriptionInput {
  return {
    endpoint: subscription.endpoint ?? '',
    expirationTime: subscription.expirationTime ?? null,
    keys: { p256dh: subscription.keys?.p256dh ?? '', auth: subscription.keys?.auth ?? '' },
  };
}

/**
 * Subscribes this browser (asking for permission first), then registers it with the gateway.
 * A failure says why: the browser's (blocked, no push service) or the gateway's.
 */
export function useNotifyThisDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publicKey: string) => {
      const subscription = await subscribePush(publicKey);
      const device = await apiClient.addPushDevice(toInput(subscription));
      rememberThisDevice({ id: device.id, endpoint: subscription.endpoint ?? '' });
      return device;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushQueries.all() }),
  });
}

/** Removes a device; when it is this browser, its subscription ends too. */
export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.removePushDevice(id).catch((error: unknown) => {
        // Already gone on the gateway is what was asked for.
        if (!isApiError(error) || error.status !== 404) throw error;
      });
      if (readThisDevice()?.id === id) {
        rememberThisDevice(null);
        await unsubscribePush();
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushQueries.all() }),
  });
}

export function useTestPush() {
  return useMutation({ mutationFn: () => apiClient.testPush() });
}
