import type { Context } from 'hono';
import { errorCodes } from '../src/api/contract/envelope';
import { jsonDepthRule, nestsDeeperThan } from '../src/api/contract/json-depth';
import { errorResponse } from './errors';

/** A body the gateway will not read: too large (413), or not JSON it can take (400). */
export class BodyRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MB` : `${bytes / 1024} KB`;

/**
 * A body the gateway has read before forwarding it: whole, or (past what it keeps) what it
 * read followed by the rest as it arrives.
 */
export type SentBody = Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;

/** The request's declared Content-Length, or null when it sends none (chunked). */
export function declaredLength(c: Context): number | null {
  const header = c.req.header('content-length');
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : null;
}

/**
 * The first `limit` bytes of the body and whether that is all of it. Counted while it streams,
 * so a chunked body (no Content-Length) is never held beyond the limit; what was read and the
 * rest stay available through `rest` for a caller that forwards the body whole.
 */
export async function readUpTo(
  c: Context,
  limit: number,
): Promise<
  | { complete: true; bytes: Uint8Array<ArrayBuffer> }
  | { complete: false; rest: ReadableStream<Uint8Array> }
> {
  const body = c.req.raw.body;
  if (!body) return { complete: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      const bytes = new Uint8Array(total);
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.byteLength;
      }
      return { complete: true, bytes };
    }
    chunks.push(value);
    total += value.byteLength;
    if (total > limit) {
      // What was read first, then the rest as it comes.
      const rest = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = chunks.shift();
          if (next) return controller.enqueue(next);
          const { done: ended, value: more } = await reader.read();
          if (ended) controller.close();
          else controller.enqueue(more);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      return { complete: false, rest };
    }
  }
}

export interface JsonBodyRules {
  /** The most bytes read. */
  limit: number;
  /** Names the body in errors: "The import". */
  what: string;
  /** What to send instead, when it is not JSON: `{ "entries": [...] }`. */
  example: string;
}

/**
 * The body as JSON: at most `limit` bytes (by Content-Length up front, and counted while it
 * streams), valid JSON, nested no deeper than the API allows.
 */
export async function readJsonBody(
  c: Context,
  { limit, what, example }: JsonBodyRules,
): Promise<unknown> {
  const tooLarge = () =>
    new BodyRefused(`${what} is larger than the ${sizeOf(limit)} limit: send less at once.`, 413);
  const declared = declaredLength(c);
  if (declared !== null && declared > limit) throw tooLarge();
  const read = await readUpTo(c, limit);
  if (!read.complete) {
    await read.rest.cancel().catch(() => undefined);
    throw tooLarge();
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(read.bytes));
  } catch {
    throw new BodyRefused(`${what} must be JSON: ${example}.`, 400);
  }
  if (nestsDeeperThan(value)) throw new BodyRefused(`${what} ${jsonDepthRule}.`, 400);
  return value;
}

/**
 * readJsonBody for a route: the body, or the error answer (400 or 413, in the envelope) to
 * send instead. No body read from JSON is a Response, so `instanceof Response` tells them apart.
 */
export async function jsonBodyOrRefusal(c: Context, rules: JsonBodyRules): Promise<unknown> {
  try {
    return await readJsonBody(c, rules);
  } catch (error) {
    if (error instanceof BodyRefused)
      return errorResponse(c, errorCodes.invalidRequest, error.message, error.status);
    throw error;
  }
}
