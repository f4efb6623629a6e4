import { request, type Dispatcher } from 'undici';
import webPush from 'web-push';
import type { PushMessage } from '../../src/api/contract/notifications';

/** The gateway's VAPID key pair, base64url (the public key is a raw P-256 point, 65 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new VAPID key pair: made once, kept, and given to every browser that subscribes. */
export function newVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** Where one device receives pushes: its browser's subscription. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How one push went, in the shape the delivery log keeps an attempt. */
export interface PushOutcome {
  ok: boolean;
  /** 404 or 410: the subscription is dead (the browser dropped it), so the device is removed. */
  gone: boolean;
  /** The push service's HTTP status; null when none came (refused, timed out, unreachable). */
  status_code: number | null;
  duration_ms: number;
  /** The start of the push service's answer (at most 1,000 characters). */
  response_excerpt: string;
  /** Why it failed without an answer, or why the push could not be made. */
  error: string | null;
}

export interface SendPushOptions {
  vapid: VapidKeys;
  /** How the push service reaches whoever runs the gateway: a mailto: or https: URL. */
  subject: string;
  /** How long the push service keeps the message for a device that is offline. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** The undici dispatcher (a proxy, or a test's own); undici's global one by default. */
  dispatcher?: Dispatcher;
}

/** A job that ended an hour ago is still worth telling, a day later it is noise. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 1_000;
/** Push services answer with a line or two; more than this is never read. */
const MAX_READ_BYTES = 16 * 1024;

/**
 * Pushes one message to one device: encrypted for its browser alone (aes128gcm) and signed
 * with the gateway's VAPID key. Never throws: whatever happened is in the outcome.
 */
export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  options: SendPushOptions,
): Promise<PushOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const failed = (error: string): PushOutcome => ({
    ok: false,
    gone: false,
    status_code: null,
    duration_ms: elapsed(),
    response_excerpt: '',
    error,
  });

  let details: webPush.RequestDetails;
  try {
    const url = new URL(target.endpoint);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      return failed(`The endpoint must use https (got ${url.protocol.replace(':', '')})`);
    details = webPush.generateRequestDetails(target, JSON.stringify(message), {
      vapidDetails: {
        subject: options.subject,
        publicKey: options.vapid.publicKey,
        privateKey: options.vapid.privateKey,
      },
      TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      // Every push tells of a job that finished, failed or stalled: someone is waiting for it,
      // and high lets the push service wake a phone that is saving its battery.
      urgency: 'high',
    });
  } catch (error) {
    return failed(`The push could not be made: ${(error as Error).message}`);
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ?? undefined,
      signal,
      ...(options.dispatcher && { dispatcher: options.dispatcher }),
    });
    const excerpt = await readExcerpt(res.body);
    const status = res.statusCode;
    return {
      ok: status >= 200 && status < 300,
      gone: status === 404 || status === 410,
      status_code: status,
      duration_ms: elapsed(),
      response_excerpt: excerpt,
      error: null,
    };
  } catch (error) {
    if (signal.aborted) return failed(`The push service did not answer within ${timeoutMs} ms`);
    return failed(`The push service could not be reached (${describe(error)})`);
  }
}

/** The start of an answer as text; the rest is dropped unread. */
async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= MAX_READ_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS);
}

/** undici wraps the socket's error: its code (ECONNREFUSED, ENOTFOUND) says most. */
function describe(error: unknown): string {
  const err = error as Error & { code?: string; cause?: { code?: string; message?: string } };
  return err.cause?.code ?? err.code ?? err.cause?.message ?? err.message;
}
