import type { Context } from 'hono';
import { errorCodes } from '../../src/api/contract/envelope';
import { jsonDepthRule, nestsDeeperThan } from '../../src/api/contract/json-depth';
import {
  historyAudioPath,
  historySourceHeader,
  isSettledHistoryStatus,
  startKeyHeader,
  startKeyMaxLength,
  type HistoryKind,
  type HistorySource,
  type HistoryStarter,
} from '../../src/api/contract/history';
import type { Principal } from '../access/types';
import { errorResponse } from '../errors';
import { declaredLength, readUpTo, type SentBody } from '../request-body';
import type { Logger } from '../logger';
import {
  creationFacts,
  keptLatest,
  matchRecordedRoute,
  refusedName,
  type RecordedRoute,
} from './recorded-routes';
import type { StartAnswer, StartKeys } from './start-keys';
import type { HistoryStore, NewHistoryRecord } from './types';

/** JSON bodies up to this size are read to be recorded; a larger one passes through unread. */
const maxRecordedBodyBytes = 1024 * 1024;
/** Responses up to this size are read to be recorded (a synchronous speech answer is hex audio). */
const maxRecordedResponseBytes = 64 * 1024 * 1024;
/** Refusals worth keeping: the request itself was wrong, so a retry would not change it. */
const recordedRefusals = new Set([400, 413, 422]);

export interface RecorderDeps {
  store: HistoryStore;
  audio: { save(id: string, bytes: Uint8Array, contentType: string): Promise<void> };
  health: { fail(message: string): void };
  /** Tells the poller a job was just recorded, so it follows it from now on. */
  watch: (id: string) => void;
  logger: Logger;
  /** First answers to keyed creations; without it, the key header is ignored. */
  startKeys?: StartKeys;
  /**
   * Asked before a new creation goes upstream (a replayed keyed start is not new): a refusal
   * to answer instead (a spent budget, server/usage), or null to go on.
   */
  admit?: (c: Context, kind: HistoryKind) => Promise<Response | null>;
}

export interface ForwardOptions {
  /**
   * Finish the request even if the browser goes away: a keyed creation whose body is read
   * must reach its answer, so that the start resumed after a reload is answered from it.
   */
  keepGoing?: boolean;
}

/** Forwards the request (with the body already read, when it was) and returns the answer. */
export type Forward = (body?: SentBody, options?: ForwardOptions) => Promise<Response>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const audioTypes: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

/** The service's answer to a creation, as the history keeps it. */
interface Answered {
  status: number;
  body: unknown;
  traceId: string | null;
  /** From sending the request to the answer's last byte. */
  elapsedMs: number;
}

/** The body's `trace_id`, else the `X-Trace-Id` header (errors carry only the header). */
function traceIdOf(body: unknown, res: Response): string | null {
  if (isObject(body) && typeof body.trace_id === 'string') return body.trace_id;
  return res.headers.get('x-trace-id');
}

function sourceOf(c: Context): HistorySource {
  return c.req.header(historySourceHeader) === 'dashboard' ? 'dashboard' : 'client';
}

/**
 * The signed-in person the access middleware let through (none in open mode), as the entry
 * keeps them: the token's name tells a script's start from one in the browser.
 */
export function starterOf(principal: Principal | undefined): HistoryStarter | null {
  if (!principal) return null;
  const { user, token } = principal;
  return {
    id: user.id,
    name: user.name,
    token: principal.via === 'token' ? (token?.name ?? null) : null,
  };
}

/** Where a creation came from: the client that sent it and the person signed in. */
interface Origin {
  source: HistorySource;
  started_by: HistoryStarter | null;
}

interface ReadAnswer {
  res: Response;
  text: string;
  json: unknown;
}

/** The answer's bytes, when small enough to keep in memory; the response itself is rebuilt. */
async function readAnswer(res: Response): Promise<ReadAnswer | null> {
  const type = res.headers.get('content-type') ?? '';
  const length = Number(res.headers.get('content-length') ?? 0);
  if (!res.body || !type.includes('json') || length > maxRecordedResponseBytes) return null;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const rebuilt = new Response(bytes, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  const text = new TextDecoder().decode(bytes);
  try {
    return { res: rebuilt, text, json: JSON.parse(text) };
  } catch {
    return { res: rebuilt, text, json: null };
  }
}

/** Visible ASCII only: the key is an opaque token the dashboard makes (a UUID). */
const startKeyPattern = new RegExp(`^[\\x21-\\x7e]{1,${startKeyMaxLength}}$`);

/** The first answer again, marked so a reader can tell it was not created now. */
function replay(answer: StartAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'idempotent-replayed': 'true',
    },
  });
}

/**
 * Watches the creations and status reads that pass through the gateway and writes them to
 * the history. Whatever happens here, the caller gets the service's answer: a failed write
 * is logged and reported through `health`, never turned into a failed request.
 */
export function createRecorder(deps: RecorderDeps) {
  const { store, logger } = deps;

  function guard(what: string, write: () => void | Promise<void>): Promise<void> {
    return Promise.resolve()
      .then(write)
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        logger.error('history: recording failed', { what, error: reason });
        deps.health.fail(
          `A ${what} went through, but the history could not record it (${reason}).`,
        );
      });
  }

  async function recordCreation(
    kind: HistoryKind,
    params: Json,
    origin: Origin,
    answer: Answered,
  ): Promise<string | null> {
    const { status, body } = answer;
    const now = new Date().toISOString();
    const timing = { trace_id: answer.traceId, elapsed_ms: answer.elapsedMs };
    if (status >= 200 && status < 300 && isObject(body) && isObject(body.data)) {
      const data = body.data;
      const facts = creationFacts(kind, params, data);
      const record: NewHistoryRecord = {
        id: facts.id,
        kind,
        name: facts.name,
        params,
        created_at: now,
        status: facts.status,
        latest: keptLatest(kind, data),
        result: facts.result,
        cost: null,
        error: null,
        ...origin,
        ...timing,
      };
      if (kind === 'speech' && typeof data.audio === 'string') {
        const format = typeof params.format === 'string' ? params.format : 'mp3';
        const bytes = Buffer.from(data.audio, 'hex');
        await deps.audio.save(facts.id, bytes, audioTypes[format] ?? 'application/octet-stream');
        const info = isObject(body.extra_info) ? body.extra_info : {};
        const ms = typeof info.audio_duration === 'number' ? info.audio_duration : undefined;
        const rate =
          typeof info.audio_sample_rate === 'number' ? info.audio_sample_rate : undefined;
        record.result = {
          urls: [historyAudioPath(facts.id)],
          file_ids: [],
          format,
          size: bytes.byteLength,
          ...(ms !== undefined && { duration_s: ms / 1000 }),
          ...(rate !== undefined && { sample_rate: rate }),
        };
        // The bytes are kept on their own; the record keeps what describes them.
        record.latest = { status: data.status, extra_info: info };
      }
      await store.insert(record);
      if (!isSettledHistoryStatus(kind, facts.status)) deps.watch(facts.id);
      return facts.id;
    }
    if (!recordedRefusals.has(status) || !isObject(body) || !isObject(body.error)) return null;
    const error = body.error;
    await store.insert({
      id: `${kind}_${crypto.randomUUID()}`,
      kind,
      name: refusedName(kind, params),
      params,
      created_at: now,
      status: 'failed',
      latest: null,
      result: null,
      cost: null,
      error: {
        code: typeof error.code === 'string' ? error.code : 'request_failed',
        message: typeof error.message === 'string' ? error.message : 'The request failed.',
      },
      ...origin,
      ...timing,
    });
    return null;
  }

  async function handle(c: Context, route: RecordedRoute, forward: Forward): Promise<Response> {
    if (route.type === 'status') {
      const res = await forward();
      if (res.status !== 200 || !(await store.get(route.id))) return res;
      const read = await readAnswer(res);
      if (!read) return res;
      const body = read.json;
      if (isObject(body) && isObject(body.data)) {
        const data = body.data;
        await guard('status reading', async () => {
          await store.applyStatus(route.id, data, new Date().toISOString());
        });
      }
      return read.res;
    }

    const key = c.req.header(startKeyHeader);
    if (key === undefined || !deps.startKeys) return create(c, route.kind, forward, null);
    if (!startKeyPattern.test(key)) {
      return errorResponse(
        c,
        errorCodes.invalidRequest,
        `${startKeyHeader}: must be 1 to ${startKeyMaxLength} visible ASCII characters`,
      );
    }
    const outcome = await deps.startKeys.once(route.kind, key, () =>
      create(c, route.kind, forward, key),
    );
    return outcome instanceof Response ? outcome : replay(outcome);
  }

  async function create(
    c: Context,
    kind: HistoryKind,
    forward: Forward,
    key: string | null,
  ): Promise<Response> {
    const refusal = await deps.admit?.(c, kind);
    if (refusal) return refusal;
    // Read before the request is forwarded: whoever sent it, however long the service takes.
    const origin: Origin = { source: sourceOf(c), started_by: starterOf(c.get('principal')) };
    let params: Json = {};
    let sent: SentBody | undefined;
    const length = declaredLength(c);
    const isJson = (c.req.header('content-type') ?? '').includes('json');
    // A body of unknown length (chunked) is read too, up to what is kept: JSON bodies of this
    // API are small. A larger one is forwarded whole, and its parameters are not recorded.
    if (kind !== 'upload' && isJson && (length === null || length <= maxRecordedBodyBytes)) {
      const read = await readUpTo(c, maxRecordedBodyBytes);
      sent = read.complete ? read.bytes : read.rest;
      let parsed: unknown = null;
      try {
        if (read.complete) parsed = JSON.parse(new TextDecoder().decode(read.bytes));
      } catch {
        // Not JSON after all: the service answers it; the history keeps no parameters.
      }
      if (nestsDeeperThan(parsed))
        return errorResponse(c, errorCodes.invalidRequest, `The request body ${jsonDepthRule}.`);
      if (isObject(parsed)) params = parsed;
    }
    const started = performance.now();
    const res = await forward(sent, {
      keepGoing: key !== null && sent instanceof Uint8Array,
    });
    const read = await readAnswer(res).catch(() => null);
    if (!read) return res;
    const elapsedMs = Math.round(performance.now() - started);
    let recordedParams = params;
    if (kind === 'upload' && isObject(read.json) && isObject(read.json.data)) {
      const { filename, purpose, size } = read.json.data;
      recordedParams = { filename, purpose, size };
    }
    const answer: Answered = {
      status: read.res.status,
      body: read.json,
      traceId: traceIdOf(read.json, read.res),
      elapsedMs,
    };
    let entryId: string | null = null;
    await guard(`${kind} creation`, async () => {
      entryId = await recordCreation(kind, recordedParams, origin, answer);
    });
    // Kept only as plain JSON: an encoded body would be replayed without its Content-Encoding.
    if (key !== null && read.json !== null && !read.res.headers.has('content-encoding')) {
      const kept = { status: read.res.status, body: read.text };
      await guard(`${kind} start key`, () =>
        deps.startKeys?.keep(kind, key, kept, entryId, new Date()),
      );
    }
    return read.res;
  }

  return {
    /** Forwards the request, recording it when it is a creation or a status read. */
    async forward(c: Context, path: string, forward: Forward): Promise<Response> {
      const route = matchRecordedRoute(c.req.method, path);
      return route ? handle(c, route, forward) : forward();
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
