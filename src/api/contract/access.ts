import { z } from './zod';
import { accessModes, accessTokenNameMax } from './access-paths';

export {
  accessModes,
  type AccessMode,
  accessPaths,
  accessTokenNameMax,
  accessTokenPrefix,
  authPaths,
  sessionCookieName,
  signInRequiredCode,
} from './access-paths';

export const accessUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
});
export type AccessUser = z.infer<typeof accessUserSchema>;

/** `GET /api/access/me`: the mode, and who is asking (null in `open` mode). */
export const accessMeSchema = z.object({
  mode: z.enum(accessModes),
  user: z.nullable(accessUserSchema),
  /** How this request was signed in. */
  via: z.nullable(z.enum(['session', 'token'])),
});
export type AccessMe = z.infer<typeof accessMeSchema>;

export const accessTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
  /** When it stops working; null when it never expires. */
  expires_at: z.nullable(z.string()),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The answer to creating a token: the only time its secret is shown. */
export const createdAccessTokenSchema = z.extend(accessTokenSchema, { token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const createAccessTokenSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the token a name, e.g. the script that uses it'),
      z.maxLength(accessTokenNameMax, `At most ${accessTokenNameMax} characters`),
    ),
  /** Days until it stops working; null or absent: it never expires. */
  expires_in_days: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(365)))),
});
export type CreateAccessToken = z.infer<typeof createAccessTokenSchema>;

export const accessSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The browser it was signed in from, as its User-Agent named it. */
  user_agent: z.nullable(z.string()),
  /** The session of this very request. */
  current: z.boolean(),
});
export type AccessSession = z.infer<typeof accessSessionSchema>;

export const accessTokenListSchema = z.object({ data: z.array(accessTokenSchema) });
export const accessSessionListSchema = z.object({ data: z.array(accessSessionSchema) });
