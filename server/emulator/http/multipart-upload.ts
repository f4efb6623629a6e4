import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { EmulatorContext } from './context';
import { EmulatorHttpError, invalidRequest } from './errors';
import { mediaTypeOf, tooLarge } from './read-body';

/** Boundaries and part headers around the file; a Content-Length beyond limit + this is too big for sure. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Text fields are short (purpose); anything longer is a client mistake. */
const FIELD_LIMIT_BYTES = 64 * 1024;

export interface ReceivedFile {
  /** Where the bytes are; the caller moves it into the media store or removes it. */
  tempPath: string;
  /** As sent by the client: sanitize before use. */
  filename: string;
  mimeType: string;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

export interface ReceiveOptions {
  fileField: string;
  maxFileBytes: number;
  tempPath: () => string;
}

/**
 * Streams a multipart body: the file part goes to a temp file as it arrives (hashed and
 * counted on the way, never held in memory), text fields are collected whether they come
 * before or after it. Past maxFileBytes it stops reading and throws a 413.
 */
export async function receiveUpload(
  c: EmulatorContext,
  { fileField, maxFileBytes, tempPath }: ReceiveOptions,
): Promise<ReceivedUpload> {
  const type = mediaTypeOf(c);
  if (type !== 'multipart/form-data') {
    throw invalidRequest(
      `Content-Type must be multipart/form-data${type ? ` (got ${type})` : ' (none was sent)'}.`,
    );
  }
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
    throw tooLarge('File', maxFileBytes);
  }
  const body = c.req.raw.body;
  if (!body)
    throw invalidRequest('Request body is empty: send a multipart form with file and purpose.');

  // busboy throws at once on a Content-Type it cannot use (no boundary, malformed parameters).
  let parser: ReturnType<typeof busboy>;
  try {
    parser = multipartParser(c.req.header('content-type') ?? '', maxFileBytes);
  } catch (err) {
    throw invalidRequest(
      `Content-Type must be multipart/form-data with a boundary: ${(err as Error).message}.`,
    );
  }
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);

  const fields: Record<string, string> = {};
  let written: Promise<ReceivedFile | null> = Promise.resolve(null);
  let temp: string | null = null;
  let fileStream: Readable | null = null;

  const done = new Promise<ReceivedUpload>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      // Stop reading the rest of an oversized or broken body, and stop writing the file.
      source.destroy();
      fileStream?.destroy();
      reject(err);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== fileField || temp !== null) {
        // Not ours: discard. A body cut short destroys this stream with an error too, and an
        // error nobody listens to would be an uncaught exception that ends the process.
        stream.on('error', () => undefined);
        stream.resume();
        return;
      }
      fileStream = stream;
      const path = (temp = tempPath());
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, callback) {
          size += chunk.length;
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      stream.on('limit', () => fail(tooLarge('File', maxFileBytes)));
      written = pipeline(stream, meter, createWriteStream(path)).then(() => ({
        tempPath: path,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        size,
        sha256: hash.digest('hex'),
      }));
      written.catch(fail);
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(invalidRequest(`${name}: must be at most 64 KB.`));
      else fields[name] = value;
    });
    parser.on('close', () => {
      written.then((file) => !failed && resolve({ fields, file }), fail);
    });
    parser.on('error', (err: Error) =>
      fail(invalidRequest(`The multipart body could not be read: ${err.message}.`)),
    );
    source.on('error', fail);
    source.pipe(parser);
  });

  try {
    return await done;
  } catch (err) {
    // The file is removed once its writing has ended: removed earlier, a write still opening
    // it would make it again.
    await written.catch(() => undefined);
    if (temp) await rm(temp, { force: true });
    throw err instanceof EmulatorHttpError
      ? err
      : invalidRequest('The upload was interrupted before it completed.');
  }
}

function multipartParser(contentType: string, maxFileBytes: number) {
  return busboy({
    headers: { 'content-type': contentType },
    // UTF-8 file names (`filename*=` or raw) instead of latin1 mojibake.
    defParamCharset: 'utf8',
    // busboy signals `limit` on reaching fileSize, so one more byte means "over maxFileBytes".
    limits: {
      files: 1,
      fileSize: maxFileBytes + 1,
      fieldSize: FIELD_LIMIT_BYTES,
      fields: 20,
      parts: 40,
    },
  });
}
