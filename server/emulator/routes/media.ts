import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { MediaRecord } from '../db/media-repo';
import { etagMatches, parseRange } from '../http/byte-range';
import type { EmulatorContext } from '../http/context';
import { apiError } from '../http/errors';
import { mediaRoutePrefix } from '../http/public-paths';
import type { RouteModule } from '../route-module';

/** Media ids are random and never reused, so the bytes behind a URL never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function stream(path: string, start: number, end: number): ReadableStream<Uint8Array> {
  // Opened here, only for a response that sends a body; a client abort cancels and closes it.
  return Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
}

function contentDisposition(filename: string | null): string {
  return filename ? `inline; filename*=UTF-8''${encodeURIComponent(filename)}` : 'inline';
}

function serve(c: EmulatorContext, record: MediaRecord, path: string): Response {
  const etag = `"${record.sha256}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    'Cache-Control': IMMUTABLE,
    'Accept-Ranges': 'bytes',
    'Content-Type': record.content_type,
    'Content-Disposition': contentDisposition(record.filename),
  };
  if (etagMatches(c.req.header('if-none-match'), etag))
    return new Response(null, { status: 304, headers });

  const ifRange = c.req.header('if-range');
  // If-Range with another validator means "my partial copy is stale": send it all.
  const range =
    ifRange && ifRange.trim() !== etag ? null : parseRange(c.req.header('range'), record.size);
  if (range === 'unsatisfiable') {
    return apiError(
      c,
      'invalid_request',
      `The requested range is not satisfiable: the resource is ${record.size} bytes.`,
      416,
      { 'Content-Range': `bytes */${record.size}`, 'Accept-Ranges': 'bytes' },
    );
  }
  // HEAD is routed here by Hono, which drops the body; do not open the file for it.
  const head = c.req.raw.method === 'HEAD';
  if (range === null) {
    headers['Content-Length'] = String(record.size);
    const body = head || record.size === 0 ? null : stream(path, 0, record.size - 1);
    return new Response(body, { status: 200, headers });
  }
  headers['Content-Length'] = String(range.end - range.start + 1);
  headers['Content-Range'] = `bytes ${range.start}-${range.end}/${record.size}`;
  const body = head ? null : stream(path, range.start, range.end);
  return new Response(body, { status: 206, headers });
}

/**
 * `GET|HEAD /api/v1/media/:id/:name?`: public (see public-paths.ts). The trailing name is for
 * people and download managers; only the id selects the bytes.
 */
export const mediaRoutes: RouteModule = (app, { mediaStore }) => {
  app.get(`${mediaRoutePrefix}:id/:name?`, (c) => {
    const record = mediaStore.get(c.req.param('id'));
    if (!record) return apiError(c, 'not_found', 'No media at this URL.');
    return serve(c, record, mediaStore.pathOf(record));
  });
};
