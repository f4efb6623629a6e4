import type { Context } from 'hono';
import { z } from 'zod';
import { errorCodes } from '../../src/api/contract/envelope';
import { describeIssues } from '../describe-issues';
import { errorResponse } from '../errors';
import { jsonBodyOrRefusal } from '../request-body';

/** A notification request is a URL and a few names: a few KB at most. */
const maxBodyBytes = 16 * 1024;

/** The body checked against `schema`, or the refusal that names each bad field and its rule. */
export async function parsedBody<S extends z.core.$ZodType>(
  c: Context,
  schema: S,
  what: string,
  example: string,
): Promise<z.output<S> | Response> {
  const body = await jsonBodyOrRefusal(c, { limit: maxBodyBytes, what, example });
  if (body instanceof Response) return body;
  const parsed = z.safeParse(schema, body);
  if (!parsed.success)
    return errorResponse(c, errorCodes.invalidRequest, describeIssues(parsed.error));
  return parsed.data;
}
