import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decryptAes128gcm,
  newSubscriptionKeys,
  verifyVapid,
  type SubscriptionKeys,
} from './push-crypto';

/** A message the service accepted, decrypted as the browser would read it. */
export interface Received {
  endpoint: string;
  headers: Record<string, string>;
  /** The decrypted body, parsed as JSON (the text itself when it is not JSON). */
  payload: unknown;
  vapidSubject: string;
  ttl: number;
  urgency: string | null;
}

/** A push the service refused, and why. */
export interface Refused {
  endpoint: string;
  status: number;
  reason: string;
}

/** What a browser's `PushSubscription.toJSON()` gives its server. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushService {
  /** The service's origin: the `aud` every VAPID token to it must name. */
  url: string;
  /** A new subscription, as a browser makes one; with a key, only pushes signed by it pass. */
  subscribe(options?: { name?: string; applicationServerKey?: string }): TestSubscription;
  /** The endpoint URL of a subscription named `name` (there may be none: it answers 404). */
  endpoint(name: string): string;
  messages: Received[];
  refused: Refused[];
  /** Resolves once `n` messages have arrived; rejects after `ms`. */
  waitFor(n: number, ms?: number): Promise<Received[]>;
  /** The status every valid push gets from now on (201 by default); 410 plays a dead subscription. */
  respondWith(status: number): void;
  close(): Promise<void>;
}

/** RFC 8030 §7.2: push services take at least 4,096 bytes of body, and need not take more. */
const MAX_BODY_BYTES = 4096;

interface Subscription {
  keys: SubscriptionKeys;
  applicationServerKey: string | null;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A Web Push service on 127.0.0.1 for tests: it makes subscriptions as a browser would, and
 * checks each push as a real service and browser together do (the VAPID token, then the
 * encryption) before recording the message. Nothing is trusted from the sender.
 */
export async function startPushService(): Promise<PushService> {
  const subscriptions = new Map<string, Subscription>();
  const messages: Received[] = [];
  const refused: Refused[] = [];
  const waiters = new Set<() => void>();
  let answer = 201;

  const server = createServer((req, res) => {
    void (async () => {
      const endpoint = `${url}${req.url ?? ''}`;
      try {
        const received = await accept(req, endpoint);
        if (answer >= 300) throw new Refusal(answer, `answering ${answer} as asked`);
        messages.push(received);
        for (const wake of waiters) wake();
        res.writeHead(answer, { Location: `/message/${randomUUID()}` }).end();
      } catch (error) {
        const status = error instanceof Refusal ? error.status : 400;
        const reason = (error as Error).message;
        refused.push({ endpoint, status, reason });
        res.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
      }
    })();
  });

  async function accept(req: IncomingMessage, endpoint: string): Promise<Received> {
    if (req.method !== 'POST') throw new Refusal(405, 'pushes are POSTed');
    const name = /^\/push\/([^/?]+)$/.exec(req.url ?? '')?.[1];
    const subscription = name && subscriptions.get(decodeURIComponent(name));
    if (!subscription) throw new Refusal(404, 'no such subscription');
    const body = await readBody(req);
    if (body.length > MAX_BODY_BYTES) throw new Refusal(413, `body over ${MAX_BODY_BYTES} bytes`);
    const ttl = Number(req.headers.ttl);
    if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      throw new Refusal(400, 'TTL header must be a whole number of seconds');

    let claims;
    try {
      claims = verifyVapid(req.headers.authorization, url);
    } catch (error) {
      throw new Refusal(401, `VAPID: ${(error as Error).message}`);
    }
    // RFC 8292 §4.2: a subscription made with an application server key takes only its pushes.
    if (subscription.applicationServerKey && claims.publicKey !== subscription.applicationServerKey)
      throw new Refusal(403, 'VAPID key is not the one the subscription was made with');

    if (req.headers['content-encoding'] !== 'aes128gcm')
      throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    let plain: string;
    try {
      plain = decryptAes128gcm(body, subscription.keys).toString('utf8');
    } catch (error) {
      throw new Refusal(400, `decryption failed: ${(error as Error).message}`);
    }
    let payload: unknown = plain;
    try {
      payload = JSON.parse(plain);
    } catch {
      // Not JSON: kept as text, for the test to judge.
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers[key] = value;
    return {
      endpoint,
      headers,
      payload,
      vapidSubject: claims.subject,
      ttl,
      urgency: headers.urgency ?? null,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = (name: string) => `${url}/push/${encodeURIComponent(name)}`;

  return {
    url,
    endpoint,
    messages,
    refused,
    subscribe({ name = randomUUID(), applicationServerKey } = {}) {
      const keys = newSubscriptionKeys();
      subscriptions.set(name, { keys, applicationServerKey: applicationServerKey ?? null });
      return {
        endpoint: endpoint(name),
        keys: {
          p256dh: keys.publicKey.toString('base64url'),
          auth: keys.auth.toString('base64url'),
        },
      };
    },
    waitFor(n, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < n) return;
          cleanup();
          resolve(messages.slice(0, n));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${messages.length} of ${n} pushes arrived within ${ms} ms`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    respondWith(status) {
      answer = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
