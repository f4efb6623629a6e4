import type { AccessSession, AccessToken } from './contract/access';
import { arrayOf, isBoolean, isNullableString, isString, objectOf } from './hand-check';

/**
 * Hand checks of what Settings reads as it opens for someone signed in: their tokens and
 * sessions (./contract/access.ts). The access schemas share a chunk with those every page's
 * answers fall back on (./answer-checks.ts): judged by zod, either list built close to two
 * hundred schemas on a phone's main thread while the page starts. Each check is true only for a
 * value its schema accepts and returns unchanged; a value one refuses goes to zod, which names
 * the issue.
 */

/** `accessTokenListSchema`: `GET /api/access/tokens`. */
export const isAccessTokenList = objectOf({
  data: arrayOf(
    objectOf({
      id: isString,
      name: isString,
      created_at: isString,
      last_used_at: isNullableString,
      expires_at: isNullableString,
    }),
  ),
}) as (value: unknown) => value is { data: AccessToken[] };

/** `accessSessionListSchema`: `GET /api/access/sessions`. */
export const isAccessSessionList = objectOf({
  data: arrayOf(
    objectOf({
      id: isString,
      created_at: isString,
      last_seen_at: isString,
      expires_at: isString,
      user_agent: isNullableString,
      current: isBoolean,
    }),
  ),
}) as (value: unknown) => value is { data: AccessSession[] };
