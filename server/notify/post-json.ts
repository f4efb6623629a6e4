import { request, type Dispatcher } from 'undici';
import { TargetRefusedError, refusalOfUrl, safeDispatcher, type TargetPolicy } from './safe-target';

/** What one delivery attempt came to; a failure is an outcome too, never an exception. */
export interface PostOutcome {
  /** The receiver answered 2xx. */
  ok: boolean;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string;
  error: string | null;
}

export interface PostOptions {
  policy: TargetPolicy;
  /** Defaults to a shared safe dispatcher for the policy. */
  dispatcher?: Dispatcher;
  /** Connect, headers and body read together. */
  timeoutMs?: number;
}

const defaultTimeoutMs = 10_000;
// An excerpt is for a person reading the delivery log; reading a little more than it shows
// leaves room for multi-byte characters, and a huge error page is never read in full.
const excerptChars = 1_000;
const readBytes = 4 * 1024;

const sharedDispatchers = new Map<boolean, Dispatcher>();

function dispatcherFor(policy: TargetPolicy): Dispatcher {
  let dispatcher = sharedDispatchers.get(policy.allowPrivate);
  if (!dispatcher) {
    dispatcher = safeDispatcher(policy);
    sharedDispatchers.set(policy.allowPrivate, dispatcher);
  }
  return dispatcher;
}

/** POSTs a JSON body to a webhook receiver once. Redirects are never followed. */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  let statusCode: number | null = null;
  let excerpt = '';
  const done = (error: string | null): PostOutcome => ({
    ok: error === null,
    status_code: statusCode,
    duration_ms: Math.round(performance.now() - started),
    response_excerpt: excerpt,
    error,
  });

  const refusal = refusalOfUrl(url, options.policy);
  if (refusal) return done(refusal);

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await request(url, {
      method: 'POST',
      body,
      headers: withOwnHeaders(headers),
      dispatcher: options.dispatcher ?? dispatcherFor(options.policy),
      signal: controller.signal,
    });
    statusCode = response.statusCode;
    excerpt = await readExcerpt(response.body);
    return done(problemOfStatus(statusCode, response.headers.location));
  } catch (error) {
    if (controller.signal.aborted) return done(`no answer within ${timeoutMs / 1000} s`);
    return done(describeFailure(error, url));
  } finally {
    clearTimeout(timer);
  }
}

function withOwnHeaders(headers: Record<string, string>): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  merged['content-type'] = 'application/json';
  merged['user-agent'] = 'MediaStudio-Webhooks/1.0';
  return merged;
}

async function readExcerpt(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    // Leaving the loop destroys the body, so the rest is never downloaded.
    if (size >= readBytes) break;
  }
  const text = Buffer.concat(chunks).subarray(0, readBytes).toString('utf8');
  if (text.length <= excerptChars) return text;
  const cut = text.slice(0, excerptChars);
  // Never end on half of a surrogate pair.
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function problemOfStatus(status: number, location: string | string[] | undefined): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) {
    const to = typeof location === 'string' ? ` to ${location}` : '';
    return `receiver answered HTTP ${status}, a redirect${to}; redirects are not followed`;
  }
  return `receiver answered HTTP ${status}`;
}

function describeFailure(error: unknown, url: string): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof TargetRefusedError) return e.message;
  }
  const err = error as NodeJS.ErrnoException;
  const { host, hostname } = new URL(url);
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${hostname} could not be resolved (${err.code})`;
    case 'ECONNREFUSED':
      return `${host} refused the connection`;
    default:
      return `${host} could not be reached (${err.code ?? err.message})`;
  }
}
