// No zod here: the shell's inbox bell and the service worker read these before any schema loads.

/**
 * The gateway's own notification endpoints (never forwarded upstream): webhooks, this device's
 * push subscription, and each person's inbox. The gateway is the service's event source: its
 * one poller sees every job end, and tells whoever asked.
 */
export const webhookPaths = {
  list: '/api/webhooks',
  one: (id: string) => `/api/webhooks/${encodeURIComponent(id)}`,
  deliveries: (id: string) => `/api/webhooks/${encodeURIComponent(id)}/deliveries`,
  /** Sends a `webhook.test` event to this webhook alone. */
  test: (id: string) => `/api/webhooks/${encodeURIComponent(id)}/test`,
  /** A new secret; the old one keeps signing beside it for `secretOverlapHours`. */
  rotateSecret: (id: string) => `/api/webhooks/${encodeURIComponent(id)}/rotate-secret`,
  redeliver: (id: string, deliveryId: string) =>
    `/api/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
} as const;

export const pushPaths = {
  /** The gateway's VAPID public key and the devices of the person asking. */
  info: '/api/notifications/push',
  devices: '/api/notifications/push/devices',
  device: (id: string) => `/api/notifications/push/devices/${encodeURIComponent(id)}`,
  /** Pushes a test notification to every device of the person asking. */
  test: '/api/notifications/push/test',
} as const;

export const inboxPaths = {
  list: '/api/inbox',
  /** Marks some items, or all, as read. */
  read: '/api/inbox/read',
} as const;

/**
 * What the gateway tells about a job (./notifications.ts has what each means). Here, without
 * zod, for the hand checks of the answers Settings reads as it opens (../notification-checks.ts).
 */
export const notificationEventTypes = [
  'training.completed',
  'training.failed',
  'training.stalled',
  'speech.completed',
  'speech.failed',
  'generation.completed',
  'generation.failed',
  'budget.reached',
] as const;

/** How a webhook's body is laid out: Standard Webhooks JSON, or a chat's incoming webhook. */
export const webhookFormats = ['standard', 'slack', 'discord'] as const;

/**
 * `personal`: the events of the jobs its owner started. `team`: every job's, each marked with
 * who started it. In open mode (nobody signs in) every webhook sees every job.
 */
export const webhookScopes = ['personal', 'team'] as const;

/** `paused` after failing for days, or by hand. */
export const webhookStatuses = ['active', 'paused'] as const;

/** Where the service worker lives: at the root, so it controls every page it opens. */
export const serviceWorkerPath = '/sw.js';

/** The secret's prefix, as the Standard Webhooks specification names it. */
export const webhookSecretPrefix = 'whsec_';
/** After a rotation, the old secret signs beside the new one this long. */
export const secretOverlapHours = 24;

/** The dashboard page that shows a job of this kind: where an event's link and a click lead. */
export function jobPagePath(kind: string, id: string): string {
  if (kind === 'voice' || kind === 'music_lora' || kind === 'video_lora')
    return `/jobs/${encodeURIComponent(id)}`;
  if (kind === 'speech' || kind === 'speech_async' || kind === 'voice_extend') return '/speech';
  if (kind === 'image' || kind === 'video') return '/generate';
  if (kind === 'upload') return '/files';
  if (kind === 'sandbox') return '/sandbox';
  return '/jobs';
}
