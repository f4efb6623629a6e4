import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { negotiateEncoding, varyOnEncoding, type ContentCoding } from './accept-encoding';

type Bytes = Uint8Array<ArrayBuffer>;

/** Below this, compressing saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * JSON and text. Not text/event-stream (compression buffers, and an event must arrive when it
 * is written), nor audio, video, images or octet-stream (already compressed, or opaque).
 */
const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:[\w.-]+\+)?json|application\/(?:javascript|xml)|text\/(?!event-stream\b)[\w.+-]+)\s*(?:;|$)/i;

/** No body to encode, or one the client must get byte for byte (partial content). */
const UNTOUCHED_STATUS = new Set([204, 206, 304]);

function encoder(coding: ContentCoding, sizeHint: number) {
  // On the fly, speed matters more than the last few percent: brotli 5 is about gzip 9's
  // speed and still smaller; quality 11 is for build time (build/precompress.ts).
  return coding === 'br'
    ? createBrotliCompress({
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          ...(sizeHint > 0 && { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint }),
        },
      })
    : createGzip({ level: 6 });
}

/** A body read up to `threshold` bytes: whole when it ended before, else replayed in full. */
async function peek(
  body: ReadableStream<Bytes>,
  threshold: number,
): Promise<{ whole: Bytes } | { stream: ReadableStream<Bytes> }> {
  const reader = body.getReader();
  const head: Bytes[] = [];
  let size = 0;
  while (size < threshold) {
    const { done, value } = await reader.read();
    if (done) return { whole: new Uint8Array(Buffer.concat(head)) };
    head.push(value);
    size += value.length;
  }
  const stream = new ReadableStream<Bytes>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
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
 * accepts, streaming through node:zlib so a large body is never held whole. A body without a
 * Content-Length (Hono's c.json, a chunked upstream answer) is read up to the threshold first.
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
    if (length < 0) {
      const peeked = await peek(body, threshold);
      if ('whole' in peeked) {
        // Assigning c.res carries the old headers over; the ones that no longer hold are set after.
        c.res = new Response(peeked.whole, res);
        c.res.headers.set('Content-Length', String(peeked.whole.length));
        return;
      }
      body = peeked.stream;
    }

    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), ['br', 'gzip']);
    c.res = new Response(coding ? encode(body, coding, length) : body, res);
    c.res.headers.set('Vary', varyOnEncoding(res.headers.get('Vary')));
    if (!coding) return;
    c.res.headers.delete('Content-Length');
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
