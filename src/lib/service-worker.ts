import { serviceWorkerPath } from '../api/contract/notification-paths';

/** Why push could not be turned on, for the settings page to say and act on. */
export type PushSetupProblem = 'blocked' | 'dismissed' | 'unsupported' | 'unreachable';

const messages: Record<PushSetupProblem, string> = {
  blocked: "Notifications are blocked for this site in the browser's settings",
  dismissed: 'Notifications were not allowed: the browser asked and no answer was given',
  unsupported: 'This browser cannot receive push notifications',
  unreachable: "The browser's push service could not be reached",
};

export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';
  constructor(readonly problem: PushSetupProblem) {
    super(messages[problem]);
  }
}

/** Service workers need a secure context: on plain http (but localhost) there is none. */
function workersSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

function pushSupported(): boolean {
  return workersSupported() && 'PushManager' in window && 'Notification' in window;
}

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

/**
 * Registers the worker that shows push notifications; once per page, later calls get the same
 * answer. Null where the browser has no service workers, or the registration failed (a later
 * call tries again).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!workersSupported()) return Promise.resolve(null);
  // updateViaCache 'none': a deploy's new worker is seen at the next visit, never a cached one.
  registration ??= navigator.serviceWorker
    .register(serviceWorkerPath, { scope: '/', updateViaCache: 'none' })
    .catch(() => {
      registration = null;
      return null;
    });
  return registration;
}

/**
 * At start-up: the worker only shows pushes, so it is registered (or its registration renewed)
 * only where this site may show notifications. Anyone else's page loads without installing and
 * starting a worker it has no use for; turning push on in Settings registers it
 * ({@link subscribePush}), and the browser then checks for a new one as pages open.
 */
export async function keepServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported() || !(await notificationsGranted())) return null;
  return registerServiceWorker();
}

/**
 * Whether this site may show notifications, asked without blocking: `Notification.permission`
 * is a synchronous round trip to the browser process, which is busy itself while a page loads.
 */
async function notificationsGranted(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'notifications' });
    return status.state === 'granted';
  } catch {
    // No Permissions API, or it does not know notifications: the property answers the same.
    return Notification.permission === 'granted';
  }
}

/** The registration once its worker is active: a subscription needs one. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!pushSupported() || !(await registerServiceWorker())) throw new PushSetupError('unsupported');
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, or null when it has none (or cannot have one). */
export async function currentPushSubscription(): Promise<PushSubscriptionJSON | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  return subscription?.toJSON() ?? null;
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, index) => byte === expected[index]);
}

/**
 * Subscribes this browser to the gateway's pushes (`publicKey`: its VAPID key, base64url),
 * asking for permission first. Reuses a subscription made for the same key; one made for
 * another key (the gateway's changed) is replaced. Throws a PushSetupError that says why not.
 */
export async function subscribePush(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  const permission =
    Notification.permission === 'default'
      ? await Notification.requestPermission()
      : Notification.permission;
  if (permission === 'denied') throw new PushSetupError('blocked');
  if (permission !== 'granted') throw new PushSetupError('dismissed');

  const ready = await activeRegistration();
  const applicationServerKey = base64urlBytes(publicKey);
  const existing = await ready.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey))
    return existing.toJSON();
  await existing?.unsubscribe();
  try {
    const subscription = await ready.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
    return subscription.toJSON();
  } catch (error) {
    const name = (error as DOMException).name;
    if (name === 'NotAllowedError') throw new PushSetupError('blocked');
    if (name === 'NotSupportedError') throw new PushSetupError('unsupported');
    // Chrome and Firefox say AbortError when they cannot reach their push service.
    if (name === 'AbortError') throw new PushSetupError('unreachable');
    throw error;
  }
}

/**
 * Ends this browser's subscription. Returns its endpoint, for the gateway to forget the
 * device, or null when there was none.
 */
export async function unsubscribePush(): Promise<string | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  const subscription = await existing?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
