import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobPagePath, type PushMessage } from '../../src/api/contract/notifications';
import { freePort } from '../test-support/free-port';
import { startPushService, type PushService } from '../test-support/push-service';
import { newVapidKeys, sendPush, type VapidKeys } from './web-push';

const message: PushMessage = {
  title: 'Training my_voice completed',
  body: 'Ready to use, after 4 min 12 s.',
  url: jobPagePath('voice', 'tr_8Hk.2'),
  tag: 'job:tr_8Hk.2',
};
const subject = 'mailto:ops@example.com';

let service: PushService;
let vapid: VapidKeys;

beforeEach(async () => {
  service = await startPushService();
  vapid = newVapidKeys();
});
afterEach(() => service.close());

describe('sendPush', () => {
  it('delivers a message only the subscribed browser can read, signed with the VAPID key', async () => {
    const device = service.subscribe({ applicationServerKey: vapid.publicKey });

    const outcome = await sendPush(device, message, { vapid, subject });

    expect(outcome).toMatchObject({ ok: true, gone: false, status_code: 201, error: null });
    expect(outcome.duration_ms).toBeGreaterThanOrEqual(0);
    const [received] = await service.waitFor(1);
    expect(received!.payload).toEqual(message);
    expect(received!.endpoint).toBe(device.endpoint);
    expect(received!.vapidSubject).toBe(subject);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    // Encrypted on the way: the push service in between never sees the words.
    expect(received!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(service.refused).toEqual([]);
  });

  it('asks for high urgency and a day to live by default, or the TTL given', async () => {
    const device = service.subscribe();

    await sendPush(device, message, { vapid, subject });
    await sendPush(device, message, { vapid, subject, ttlSeconds: 600 });

    const [first, second] = await service.waitFor(2);
    expect(first).toMatchObject({ ttl: 86_400, urgency: 'high' });
    expect(second).toMatchObject({ ttl: 600, urgency: 'high' });
  });

  it('is refused when the token is signed by another key than the one it names', async () => {
    const device = service.subscribe();
    const other = newVapidKeys();

    const outcome = await sendPush(device, message, {
      vapid: { publicKey: vapid.publicKey, privateKey: other.privateKey },
      subject,
    });

    expect(outcome).toMatchObject({ ok: false, gone: false, status_code: 401, error: null });
    expect(outcome.response_excerpt).toContain('JWT signature does not verify');
    expect(service.messages).toEqual([]);
  });

  it('is refused by a subscription made for another gateway key', async () => {
    const device = service.subscribe({ applicationServerKey: newVapidKeys().publicKey });

    const outcome = await sendPush(device, message, { vapid, subject });

    expect(outcome).toMatchObject({ ok: false, status_code: 403 });
    expect(service.messages).toEqual([]);
  });

  it('cannot be read with another auth secret than the subscription’s', async () => {
    const device = service.subscribe();
    const stranger = service.subscribe();

    const outcome = await sendPush(
      { endpoint: device.endpoint, keys: { ...device.keys, auth: stranger.keys.auth } },
      message,
      { vapid, subject },
    );

    expect(outcome).toMatchObject({ ok: false, status_code: 400 });
    expect(outcome.response_excerpt).toContain('decryption failed');
    expect(service.messages).toEqual([]);
  });

  it('reports a dead subscription as gone, on 410 and on 404', async () => {
    const device = service.subscribe();
    service.respondWith(410);

    const expired = await sendPush(device, message, { vapid, subject });
    const unknown = await sendPush(
      { endpoint: service.endpoint('never-subscribed'), keys: device.keys },
      message,
      { vapid, subject },
    );

    expect(expired).toMatchObject({ ok: false, gone: true, status_code: 410, error: null });
    expect(unknown).toMatchObject({ ok: false, gone: true, status_code: 404 });
  });

  it('is not gone when the push service is only failing', async () => {
    const device = service.subscribe();
    service.respondWith(503);

    const outcome = await sendPush(device, message, { vapid, subject });

    expect(outcome).toMatchObject({ ok: false, gone: false, status_code: 503 });
  });

  it('reports an unreachable push service without throwing', async () => {
    const port = await freePort();
    const device = service.subscribe();

    const outcome = await sendPush(
      { endpoint: `http://127.0.0.1:${port}/push/x`, keys: device.keys },
      message,
      { vapid, subject },
    );

    expect(outcome).toMatchObject({ ok: false, gone: false, status_code: null });
    expect(outcome.error).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });

  it('gives up on a push service that never answers', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const outcome = await sendPush(
        { endpoint: `http://127.0.0.1:${port}/push/x`, keys: service.subscribe().keys },
        message,
        { vapid, subject, timeoutMs: 200 },
      );

      expect(outcome).toMatchObject({ ok: false, status_code: null });
      expect(outcome.error).toBe('The push service did not answer within 200 ms');
      expect(outcome.duration_ms).toBeGreaterThanOrEqual(190);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('reports a push it cannot make (a bad subject, a broken key) without sending it', async () => {
    const device = service.subscribe();

    const badSubject = await sendPush(device, message, { vapid, subject: 'ops@example.com' });
    const badKey = await sendPush(
      { endpoint: device.endpoint, keys: { p256dh: 'not-a-key', auth: device.keys.auth } },
      message,
      { vapid, subject },
    );
    const notHttp = await sendPush(
      { endpoint: 'ftp://127.0.0.1/push/x', keys: device.keys },
      message,
      { vapid, subject },
    );

    for (const outcome of [badSubject, badKey, notHttp])
      expect(outcome).toMatchObject({ ok: false, status_code: null, error: expect.any(String) });
    expect(badSubject.error).toContain('subject');
    expect(service.messages).toEqual([]);
    expect(service.refused).toEqual([]);
  });
});

describe('newVapidKeys', () => {
  it('makes a P-256 key pair, new each time, as browsers take it', () => {
    const keys = newVapidKeys();

    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(keys.publicKey).toMatch(/^[\w-]+$/);
    expect(newVapidKeys().publicKey).not.toBe(keys.publicKey);
  });
});
