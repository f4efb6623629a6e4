import { Hono, type Context } from 'hono';
import {
  historyEventsPath,
  historyImportPath,
  historyImportRequestSchema,
  historyPath,
  historyPeoplePath,
  historyPeopleQuerySchema,
  historyQuerySchema,
} from '../../src/api/contract/history';
import { errorCodes } from '../../src/api/contract/envelope';
import { describeIssues } from '../describe-issues';
import { errorResponse, forbiddenResponse } from '../errors';
import { jsonBodyOrRefusal } from '../request-body';
import type { Logger } from '../logger';
import type { AudioStore } from './audio-store';
import { requestedRange } from './audio-range';
import { historyEventStream } from './event-stream';
import { gatewayOpenApiDocument } from './gateway-openapi';
import { HistoryQueryError } from './list-query';
import type { RecordingHealth } from './recording-health';
import type { HistoryStore } from './types';

/** Speech takes carry their audio as base64; a batch of them stays well under this. */
const maxImportBytes = 64 * 1024 * 1024;

export interface HistoryRoutesOptions {
  store: HistoryStore;
  audio: AudioStore;
  health: RecordingHealth;
  logger: Logger;
  heartbeatMs?: number;
}

const invalid = (c: Context, message: string, status?: number) =>
  errorResponse(c, errorCodes.invalidRequest, message, status);
const notFound = (c: Context) =>
  errorResponse(c, errorCodes.notFound, 'No history entry has this id.');

/** The gateway's history endpoints and its OpenAPI document. Mount at the root. */
export function historyRoutes(options: HistoryRoutesOptions): Hono {
  const { store, audio, health } = options;
  const app = new Hono();

  app.get('/api/openapi.json', (c) => c.json(gatewayOpenApiDocument()));

  app.get(historyEventsPath, (c) =>
    historyEventStream(c, {
      store,
      health,
      ...(options.heartbeatMs !== undefined && { heartbeatMs: options.heartbeatMs }),
      stillAllowed: c.get('stillAllowed'),
    }),
  );

  app.get(historyPath, async (c) => {
    const parsed = historyQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, describeIssues(parsed.error));
    try {
      const page = await store.list(parsed.data);
      return c.json({ ...page, warning: health.warning() });
    } catch (error) {
      if (error instanceof HistoryQueryError) return invalid(c, error.message);
      throw error;
    }
  });

  // Before `/:id`, which would take "people" for an entry's id.
  app.get(historyPeoplePath, async (c) => {
    const parsed = historyPeopleQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return invalid(c, describeIssues(parsed.error));
    return c.json({ people: await store.people(parsed.data.kind) });
  });

  app.post(historyImportPath, async (c) => {
    const body = await jsonBodyOrRefusal(c, {
      limit: maxImportBytes,
      what: 'The import',
      example: '{ "entries": [...] }',
    });
    if (body instanceof Response) return body;
    const parsed = historyImportRequestSchema.safeParse(body);
    if (!parsed.success) return invalid(c, describeIssues(parsed.error));
    const imported: string[] = [];
    const skipped: string[] = [];
    for (const entry of parsed.data.entries) {
      if (parsed.data.dry_run) {
        ((await store.get(entry.id)) ? skipped : imported).push(entry.id);
        continue;
      }
      // Bytes before the entry: an entry whose audio failed to save would point at nothing.
      if (entry.audio_base64 && !(await store.get(entry.id))) {
        await audio.save(
          entry.id,
          Buffer.from(entry.audio_base64, 'base64'),
          entry.audio_content_type ?? '',
        );
      }
      const outcome = await store.importEntry(entry, 'dashboard');
      (outcome === 'imported' ? imported : skipped).push(entry.id);
    }
    return c.json({ imported, skipped });
  });

  app.on(['GET', 'HEAD'], `${historyPath}/:id/audio`, async (c) => {
    const id = c.req.param('id');
    const kept = (await store.get(id)) ? await audio.read(id) : null;
    if (!kept) return notFound(c);
    // Ids never get other audio: the browser may keep it as long as it likes.
    const headers: Record<string, string> = {
      'Content-Type': kept.contentType,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    };
    const range = requestedRange(c.req.header('Range'), kept.size);
    if (range === 'unsatisfiable')
      return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${kept.size}` });
    const { start, end } = range === 'whole' ? { start: 0, end: kept.size - 1 } : range;
    headers['Content-Length'] = String(Math.max(0, end - start + 1));
    if (range !== 'whole') headers['Content-Range'] = `bytes ${start}-${end}/${kept.size}`;
    const status = range === 'whole' ? 200 : 206;
    return c.req.method === 'HEAD'
      ? c.body(null, status, headers)
      : c.body(new Uint8Array(kept.bytes.subarray(start, end + 1)), status, headers);
  });

  app.get(`${historyPath}/:id`, async (c) => {
    const entry = await store.get(c.req.param('id'));
    return entry ? c.json(entry) : notFound(c);
  });

  app.delete(`${historyPath}/:id`, async (c) => {
    const id = c.req.param('id');
    // On a shared gateway, one person's removal would take the entry from everyone: only its
    // starter may. Open mode (no principal) and entries nobody started signed in stay free.
    const starter = (await store.get(id))?.started_by;
    const principal = c.get('principal');
    if (principal && starter && starter.id !== principal.user.id)
      return forbiddenResponse(c, `Only ${starter.name} can remove this entry: they started it.`);
    // The store removes the entry's kept audio with it.
    if (!(await store.delete(id))) return notFound(c);
    return c.body(null, 204);
  });

  return app;
}
