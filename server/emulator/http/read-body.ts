import { jsonDepthRule, nestsDeeperThan } from '../../../src/api/contract/json-depth';
import type { EmulatorContext } from './context';
import { invalidRequest } from './errors';

/** JSON bodies are a few fields; 1 MB leaves ample room for long prompts and texts. */
export const jsonBodyLimitBytes = 1024 * 1024;

export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number(mb.toFixed(2))} MB` : `${Number((bytes / 1024).toFixed(2))} KB`;
}

/** The media type of Content-Type, lowercased, without parameters. */
export function mediaTypeOf(c: EmulatorContext): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

export const tooLarge = (what: string, limit: number) =>
  invalidRequest(`${what} is larger than the ${formatBytes(limit)} limit.`, 413);

/**
 * Reads the body as text, refusing more than `limit` bytes: by Content-Length up front, and by
 * counting while reading, since a chunked body announces no length.
 */
export async function readLimitedText(c: EmulatorContext, limit: number): Promise<string> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge('Request body', limit);
  if (Number.isFinite(declared)) {
    // A declared length within the limit: read it whole. Under @hono/node-server this reads
    // the socket directly, where the web stream below would cost more than the request itself.
    // The HTTP parser holds the client to its length; an in-process Request need not, hence
    // the check after reading.
    const bytes = Buffer.from(await c.req.raw.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge('Request body', limit);
    return bytes.toString('utf8');
  }
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge('Request body', limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json$/;

/** The JSON body of an endpoint whose contract says JSON, with the errors the decisions name. */
export async function readJsonBody(
  c: EmulatorContext,
  limit = jsonBodyLimitBytes,
): Promise<unknown> {
  const type = mediaTypeOf(c);
  if (!JSON_TYPE.test(type)) {
    throw invalidRequest(
      `Content-Type must be application/json${type ? ` (got ${type})` : ' (none was sent)'}.`,
    );
  }
  const text = await readLimitedText(c, limit);
  if (text.trim() === '')
    throw invalidRequest('Request body is not valid JSON: the body is empty.');
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw invalidRequest(`Request body is not valid JSON: ${reason}`);
  }
  // Before any validation walks it: a deep enough body would exhaust a recursive reader's stack.
  if (nestsDeeperThan(value)) throw invalidRequest(`Request body ${jsonDepthRule}.`);
  return value;
}
