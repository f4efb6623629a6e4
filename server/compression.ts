import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import {
  brotliCompress,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  type BrotliOptions,
  type ZlibOptions,
} from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding, varyOnEncoding, type ContentCoding } from './accept-encoding';

type Bytes = Uint8Array<ArrayBuffer>;

/** Below this, compressing saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A body that ends within this many bytes (a page of the history, a voice list) is read whole
 * and compressed in one call: streaming it through zlib costs more than the compression itself
 * at these sizes (a 40 kB page: 4 ms streamed, under 1 ms in one call). Larger ones stream.
 */
export const COMPRESS_WHOLE_BYTES = 256 * 1024;

const brotliOnce = promisify<Buffer, BrotliOptions, Buffer>(brotliCompress);
const gzipOnce = promisify<Buffer, ZlibOptions, Buffer>(gzip);

/**
 * JSON and text. Not text/event-stream (compression buffers, and an event must arrive when it
 * is written), nor audio, video, images or octet-stream (already compressed, or opaque).
 */
const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:[\w.-]+\+)?json|application\/(?:javascript|xml)|text\/(?!event-stream\b)[\w.+-]+)\s*(?:;|$)/i;

/** No body to encode, or one the client must get byte for byte (partial content). */
const UNTOUCHED_STATUS = new Set([204, 206, 304]);

// On the fly, speed matters more than the last few percent: brotli 5 is about gzip 9's speed
// and still smaller; quality 11 is for build time (build/precompress.ts).
const brotliOptions = (sizeHint: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    ...(sizeHint > 0 && { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
  },
});
const gzipOptions: ZlibOptions = { level: 6 };

function encoder(coding: ContentCoding, sizeHint: number) {
  return coding === 'br' ? createBrotliCompress(brotliOptions(sizeHint)) : createGzip(gzipOptions);
}

/** A whole body in one call, off the event loop (zlib's thread pool). */
async function encodeWhole(body: Bytes, coding: ContentCoding): Promise<Bytes> {
  const input = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const output =
    coding === 'br'
      ? await brotliOnce(input, brotliOptions(body.byteLength))
      : await gzipOnce(input, gzipOptions);
  return new Uint8Array(output.buffer, output.byteOffset, output.byteLength) as Bytes;
}

const asBytes = (chunk: Bytes | string): Bytes =>
  typeof chunk === 'string' ? (new TextEncoder().encode(chunk) as Bytes) : chunk;

/** Resolves with null if `read` has not settled by the next turn of the event loop. */
const readyNow = <T>(read: Promise<T>) =>
  Promise.race([read, new Promise<null>((resolve) => setImmediate(() => resolve(null)))]);

/**
 * A body read up to `threshold` bytes, then on while what follows is already there, up to
 * `wholeLimit`: whole when it ended by then, else replayed in full. A body still arriving (an
 * upstream answer streaming) is never waited for past the threshold.
 */
async function peek(
  body: ReadableStream<Bytes>,
  threshold: number,
  wholeLimit: number,
): Promise<{ whole: Bytes } | { stream: ReadableStream<Bytes> }> {
  const reader = body.getReader();
  const head: Bytes[] = [];
  let size = 0;
  let pending: Promise<ReadableStreamReadResult<Bytes>> | null = null;
  while (size <= wholeLimit) {
    const read = reader.read();
    const result = size < threshold ? await read : await readyNow(read);
    if (result === null) {
      pending = read;
      break;
    }
    if (result.done) return { whole: new Uint8Array(Buffer.concat(head)) as Bytes };
    const chunk = asBytes(result.value);
    head.push(chunk);
    size += chunk.length;
  }
  const stream = new ReadableStream<Bytes>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const next = pending ?? reader.read();
      pending = null;
      const { done, value } = await next;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    // A client that goes away stops the source (an upstream body) too.
    cancel: (reason) => reader.cancel(reason),
  });
  return { stream };
}

/**
 * Compresses JSON (and text) answers above `threshold` bytes with br or gzip, as the client
 * accepts. A body that is all there within COMPRESS_WHOLE_BYTES (most API answers, Hono's c.json
 * among them) is compressed whole in one call; a larger one, or one still arriving (an upstream
 * answer streaming), streams through node:zlib and is never held whole.
 *
 * Not hono/compress: it encodes through the web CompressionStream, which offers only gzip and
 * deflate in Node 20 (no brotli, which every current browser accepts and which is smaller),
 * and it compresses every body of unknown length, however small.
 */
export function compression({ threshold = COMPRESS_MIN_BYTES } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (
      c.req.method === 'HEAD' ||
      UNTOUCHED_STATUS.has(res.status) ||
      !res.body ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Content-Range') ||
      !COMPRESSIBLE_TYPE.test(res.headers.get('Content-Type') ?? '') ||
      /\bno-transform\b/i.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    const declared = res.headers.get('Content-Length');
    const length = declared === null ? -1 : Number(declared);
    if (length >= 0 && length < threshold) return;
    let body = res.body;
    let whole: Bytes | null = null;
    if (length <= COMPRESS_WHOLE_BYTES) {
      const peeked = await peek(body, threshold, COMPRESS_WHOLE_BYTES);
      if ('whole' in peeked) whole = peeked.whole;
      else body = peeked.stream;
    }
    if (whole && whole.length < threshold) {
      // Assigning c.res carries the old headers over; the ones that no longer hold are set after.
      c.res = new Response(whole, res);
      c.res.headers.set('Content-Length', String(whole.length));
      return;
    }

    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    if (whole) {
      const bytes = coding ? await encodeWhole(whole, coding) : whole;
      c.res = new Response(bytes, res);
      c.res.headers.set('Content-Length', String(bytes.length));
    } else {
      c.res = new Response(coding ? encode(body, coding, length) : body, res);
      c.res.headers.delete('Content-Length');
    }
    c.res.headers.set('Vary', varyOnEncoding(res.headers.get('Vary')));
    if (!coding) {
      if (length >= 0) c.res.headers.set('Content-Length', String(length));
      return;
    }
    c.res.headers.set('Content-Encoding', coding);
    const etag = c.res.headers.get('ETag');
    // Other bytes, same meaning: only a weak validator still holds.
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}

/**
 * Through node:zlib. pipeline, not pipe: a client that goes away stops the source too, and a
 * failed source fails the answer instead of ending it early as if it were complete.
 */
function encode(body: ReadableStream<Bytes>, coding: ContentCoding, sizeHint: number) {
  const source = Readable.fromWeb(body as NodeReadableStream<Bytes>);
  const encoded = pipeline(source, encoder(coding, sizeHint), () => {});
  return Readable.toWeb(encoded) as ReadableStream<Bytes>;
}
