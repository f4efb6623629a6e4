import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import type {
  CreateWebhook,
  UpdateWebhook,
  WebhookDelivery,
} from '../../../api/contract/notifications';

/**
 * While a delivery is pending its next attempt may come any moment (the first one within a
 * second or two): the open list is read again this often, and not at all once all settled.
 */
export const pendingDeliveryPollMs = 3_000;

const anyPending = (deliveries: readonly WebhookDelivery[] | undefined) =>
  deliveries?.some((delivery) => delivery.status === 'pending') ?? false;

/** The gateway's webhooks, in gateway mode only (in direct mode there is no gateway). */
export const webhookQueries = {
  all: () => ['webhooks'] as const,
  list: () =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiClient.listWebhooks({ signal }),
      select: (list) => list.data,
    }),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: [...webhookQueries.all(), 'deliveries', id] as const,
      queryFn: ({ signal }) => apiClient.listWebhookDeliveries(id, { signal }),
      select: (list) => list.data,
      // Opened to see what just happened: never the list of half a minute ago.
      staleTime: 0,
      refetchInterval: (query) =>
        !query.state.error && anyPending(query.state.data?.data) ? pendingDeliveryPollMs : false,
    }),
};

/** Creates a webhook; its secret is in the answer only, so the caller shows it from there. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhook) => apiClient.createWebhook(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey }),
  });
}

/** Edits, pauses (`paused: true`) or resumes (`paused: false`) a webhook. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateWebhook }) =>
      apiClient.updateWebhook(id, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.deleteWebhook(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey }),
  });
}

/** A new secret, in the answer only; the list then shows its new hint and the overlap's end. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.rotateWebhookSecret(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookQueries.list().queryKey }),
  });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.testWebhook(id),
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: webhookQueries.deliveries(id).queryKey }),
  });
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      apiClient.redeliverWebhook(id, deliveryId),
    onSettled: (_delivery, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: webhookQueries.deliveries(id).queryKey }),
  });
}
