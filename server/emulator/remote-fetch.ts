import { request } from 'undici';
import type { MediaStore } from './media-store';

export interface RemoteFetchLimits {
  maxBytes: number;
  /** Whole exchange, redirects included. */
  timeoutMs: number;
}

export const referenceFetchLimits: RemoteFetchLimits = {
  maxBytes: 50 * 1024 * 1024,
  timeoutMs: 20_000,
};
export const datasetFetchLimits: RemoteFetchLimits = {
  maxBytes: 1024 * 1024 * 1024,
  timeoutMs: 120_000,
};

const maxRedirects = 3;
const ownMediaPath = /^\/api\/v1\/media\/([A-Za-z0-9_-]{16,})(?:\/[^/]*)?$/;

/** Why a URL could not be used, in words that go straight into an API error or a job's error. */
export class RemoteFetchError extends Error {
  override readonly name = 'RemoteFetchError';
  /** Lets a caller pick its own error code (a training job's `input_too_large`, say). */
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'too_large' | 'invalid_url' = 'unreachable',
  ) {
    super(message);
  }
}

export interface FetchedMedia {
  bytes: Uint8Array;
  contentType: string | null;
}

/**
 * Fetches a URL a client gave us (reference clips, datasets). Only http(s): never a local
 * file or another scheme. The emulator's own media URLs are read from the store directly, so
 * they work whatever origin (gateway or direct) the client saw them under.
 */
export async function fetchRemoteMedia(
  rawUrl: string,
  mediaStore: MediaStore,
  limits: RemoteFetchLimits,
): Promise<FetchedMedia> {
  let url = parseHttpUrl(rawUrl);
  const own = ownMediaPath.exec(url.pathname);
  if (own?.[1]) {
    const record = mediaStore.get(own[1]);
    const bytes = record ? await mediaStore.read(own[1]) : null;
    if (record && bytes) return { bytes: new Uint8Array(bytes), contentType: record.content_type };
  }

  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const res = await request(url, { method: 'GET', signal, headers: { accept: '*/*' } });
      if (res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
        res.body.resume();
        if (hop >= maxRedirects)
          throw new RemoteFetchError(`${rawUrl} redirects more than ${maxRedirects} times`);
        url = parseHttpUrl(new URL(String(res.headers.location), url).toString());
        continue;
      }
      if (res.statusCode !== 200) {
        res.body.resume();
        throw new RemoteFetchError(`${rawUrl} answered HTTP ${res.statusCode}`);
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (declared > limits.maxBytes) {
        res.body.destroy();
        throw new RemoteFetchError(
          `${rawUrl} is larger than the ${formatMb(limits.maxBytes)} limit`,
          'too_large',
        );
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > limits.maxBytes) {
          res.body.destroy();
          throw new RemoteFetchError(
            `${rawUrl} is larger than the ${formatMb(limits.maxBytes)} limit`,
            'too_large',
          );
        }
        chunks.push(chunk as Buffer);
      }
      const type = res.headers['content-type'];
      return {
        bytes: new Uint8Array(Buffer.concat(chunks)),
        contentType: typeof type === 'string' ? type : null,
      };
    }
  } catch (error) {
    if (error instanceof RemoteFetchError) throw error;
    if (signal.aborted)
      throw new RemoteFetchError(`${rawUrl} did not answer within ${limits.timeoutMs / 1000} s`);
    throw new RemoteFetchError(`${rawUrl} could not be reached (${(error as Error).message})`);
  }
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RemoteFetchError(`${value} is not a valid URL`, 'invalid_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RemoteFetchError(
      `${value} must use http or https (got ${url.protocol.replace(':', '')})`,
      'invalid_url',
    );
  }
  return url;
}

function formatMb(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
