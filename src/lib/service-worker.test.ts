import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom has no service workers or push: a browser's are stood in for here, with what each
// answers in the cases the settings page has to explain. Chromium runs the real ones in
// e2e/service-worker.spec.ts.

// A P-256 public point is 65 bytes starting with 4; the bytes themselves do not matter here.
const keyBytes = Uint8Array.from({ length: 65 }, (_, index) => (index === 0 ? 4 : index * 7));
const gatewayKey = btoa(String.fromCharCode(...keyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

function subscriptionFor(key: Uint8Array, endpoint = 'https://push.example/sub/1') {
  return {
    endpoint,
    options: { applicationServerKey: key.buffer.slice(0) },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => true),
  };
}

function browser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  existing = null as ReturnType<typeof subscriptionFor> | null,
  subscribe = async () => subscriptionFor(keyBytes),
} = {}) {
  const pushManager = { getSubscription: vi.fn(async () => existing), subscribe: vi.fn(subscribe) };
  const registration = { scope: 'http://localhost/', pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { serviceWorker, pushManager, requestPermission };
}

async function load() {
  vi.resetModules();
  return import('./service-worker');
}

beforeEach(() => {
  // Without a stand-in, this is a browser with no service workers at all.
  Reflect.deleteProperty(navigator, 'serviceWorker');
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole dashboard, once', async () => {
    const { serviceWorker } = browser();
    const sw = await load();

    const [first, second] = await Promise.all([
      sw.registerServiceWorker(),
      sw.registerServiceWorker(),
    ]);

    expect(first).toBe(second);
    expect(first).not.toBeNull();
    expect(serviceWorker.register).toHaveBeenCalledTimes(1);
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js', {
      scope: '/',
      updateViaCache: 'none',
    });
  });

  it('is null without service workers, and tries again after a failed registration', async () => {
    const sw = await load();
    expect(await sw.registerServiceWorker()).toBeNull();

    const { serviceWorker } = browser();
    serviceWorker.register.mockRejectedValueOnce(new TypeError('script failed to load'));
    expect(await sw.registerServiceWorker()).toBeNull();
    expect(await sw.registerServiceWorker()).not.toBeNull();
    expect(serviceWorker.register).toHaveBeenCalledTimes(2);
  });
});

describe('keepServiceWorker', () => {
  it('registers the worker where notifications are allowed', async () => {
    const { serviceWorker } = browser({ permission: 'granted' });
    const sw = await load();
    expect(await sw.keepServiceWorker()).not.toBeNull();
    expect(serviceWorker.register).toHaveBeenCalledTimes(1);
  });

  it('leaves a browser that never allowed notifications without a worker', async () => {
    for (const permission of ['default', 'denied'] as const) {
      const { serviceWorker } = browser({ permission });
      const sw = await load();
      expect(await sw.keepServiceWorker()).toBeNull();
      expect(serviceWorker.register).not.toHaveBeenCalled();
    }
  });

  it('is null in a browser without push', async () => {
    const sw = await load();
    expect(await sw.keepServiceWorker()).toBeNull();
  });

  it('asks the Permissions API where there is one, never reading the permission in passing', async () => {
    for (const state of ['granted', 'prompt', 'denied'] as const) {
      // The property says "default": only the Permissions API's answer may decide.
      const { serviceWorker } = browser({ permission: 'default' });
      const query = vi.fn(async () => ({ state }));
      vi.stubGlobal(
        'navigator',
        Object.assign(Object.create(navigator), { permissions: { query } }),
      );
      Object.defineProperty(navigator, 'serviceWorker', {
        value: serviceWorker,
        configurable: true,
      });
      const sw = await load();
      expect((await sw.keepServiceWorker()) !== null).toBe(state === 'granted');
      expect(query).toHaveBeenCalledWith({ name: 'notifications' });
      expect(serviceWorker.register).toHaveBeenCalledTimes(state === 'granted' ? 1 : 0);
      vi.unstubAllGlobals();
    }
  });
});

describe('subscribePush', () => {
  it('asks for permission, then subscribes with the gateway key for visible pushes', async () => {
    const { pushManager, requestPermission } = browser();
    const sw = await load();

    const subscription = await sw.subscribePush(gatewayKey);

    expect(subscription.endpoint).toBe('https://push.example/sub/1');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes,
    });
  });

  it('keeps a subscription made for the same key, and replaces one for another key', async () => {
    const same = subscriptionFor(keyBytes, 'https://push.example/sub/same');
    const first = browser({ permission: 'granted', existing: same });
    expect((await (await load()).subscribePush(gatewayKey)).endpoint).toBe(same.endpoint);
    expect(first.pushManager.subscribe).not.toHaveBeenCalled();
    expect(first.requestPermission).not.toHaveBeenCalled();

    const old = subscriptionFor(new Uint8Array(65).fill(4), 'https://push.example/sub/old');
    const second = browser({ permission: 'granted', existing: old });
    expect((await (await load()).subscribePush(gatewayKey)).endpoint).toBe(
      'https://push.example/sub/1',
    );
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(second.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'blocked before',
      { permission: 'denied' as const },
      "Notifications are blocked for this site in the browser's settings",
    ],
    [
      'blocked when asked',
      { answer: 'denied' as const },
      "Notifications are blocked for this site in the browser's settings",
    ],
    [
      'the question dismissed',
      { answer: 'default' as const },
      'Notifications were not allowed: the browser asked and no answer was given',
    ],
    [
      'the push service unreachable',
      { subscribe: () => Promise.reject(new DOMException('push service error', 'AbortError')) },
      "The browser's push service could not be reached",
    ],
    [
      'push refused by the browser',
      { subscribe: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
      "Notifications are blocked for this site in the browser's settings",
    ],
  ])('says why it could not: %s', async (_label, setup, message) => {
    browser(setup);
    const sw = await load();

    await expect(sw.subscribePush(gatewayKey)).rejects.toThrow(message);
  });

  it('says so in a browser without push', async () => {
    const sw = await load();

    await expect(sw.subscribePush(gatewayKey)).rejects.toThrow(
      'This browser cannot receive push notifications',
    );
  });
});

describe('currentPushSubscription and unsubscribePush', () => {
  it('reads and ends this browser’s subscription, giving its endpoint back', async () => {
    const existing = subscriptionFor(keyBytes);
    browser({ permission: 'granted', existing });
    const sw = await load();

    expect(await sw.currentPushSubscription()).toEqual(existing.toJSON());
    expect(await sw.unsubscribePush()).toBe(existing.endpoint);
    expect(existing.unsubscribe).toHaveBeenCalled();
  });

  it('has none to read or end without one', async () => {
    browser();
    const sw = await load();

    expect(await sw.currentPushSubscription()).toBeNull();
    expect(await sw.unsubscribePush()).toBeNull();
  });
});
