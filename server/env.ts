import { z } from 'zod';
import type { AccessMode } from '../src/api/contract/access';
import { isProxyEntry } from './access/client-address';

/** `.env`-style sources often carry `VAR=` to mean "not set": treat blanks as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`);

/** TRUST_PROXY: a number of proxy hops, or the proxies' addresses and ranges. */
const proxyTrust = z.string().transform((value, ctx): number | string[] => {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be between 0 and 10 proxies' });
    return z.NEVER;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxies (0 to 10) or their addresses and ranges, comma-separated (10.0.0.5, 10.1.0.0/16): "${bad}" is neither`,
    });
    return z.NEVER;
  }
  return entries;
});

const port = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .refine((n) => n >= 0 && n <= 65535, 'must be between 0 and 65535');

/**
 * The upstream origin, optionally with a base path (`https://host/media`). Query, fragment
 * and credentials are refused: the gateway appends `/api/v1/...` and injects the key itself.
 */
const apiBaseUrl = z.string().transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: 'must be an absolute http(s) URL, e.g. https://api.example.com',
    });
    return z.NEVER;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: 'must use http or https' });
  } else if (url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must not contain a query string or fragment' });
  } else if (url.username || url.password) {
    ctx.addIssue({ code: 'custom', message: 'must not contain credentials: set API_KEY instead' });
  } else if (url.pathname.replace(/\/+$/, '').endsWith('/api/v1')) {
    ctx.addIssue({
      code: 'custom',
      message: 'is the service base URL, without /api/v1 (the gateway appends it)',
    });
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
});

/** An absolute http(s) URL without query or fragment; the trailing slash is dropped. */
const httpUrl = (example: string) =>
  z.string().transform((value, ctx) => {
    try {
      const url = new URL(value.trim());
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error();
      if (url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: 'must not contain a query string or fragment' });
        return z.NEVER;
      }
      return url.origin + url.pathname.replace(/\/+$/, '');
    } catch {
      ctx.addIssue({ code: 'custom', message: `must be an absolute http(s) URL, e.g. ${example}` });
      return z.NEVER;
    }
  });

const envObject = z.object({
  PORT: optional(port).default(8787),
  HOST: optional(z.string().trim()).default('127.0.0.1'),
  API_BASE_URL: optional(apiBaseUrl),
  API_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  ),
  STACK_ID: optional(
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
  ),
  /**
   * Host names (or name:port) the gateway answers for besides loopback, comma-separated: the
   * names it is served under behind a domain or a reverse proxy.
   */
  ALLOWED_HOSTS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/,
              'must list host names or name:port, comma-separated (no scheme, no path)',
            ),
        ),
      ),
  ).default([]),
  /**
   * The reverse proxies in front of the gateway to trust for the client's address, which the
   * limit on failed sign-ins counts by. Unset (or 0): the socket's address, and
   * X-Forwarded-For is ignored; behind a proxy every client then shares its address, and one
   * guesser locks everyone out of the password form. The proxies' addresses or ranges
   * (`10.0.0.5, 10.1.0.0/16`): the header is read only from them, and the client is its first
   * entry from the right that is not one of them. A number N: the N-th entry from the right,
   * from any connection; set it only when every request comes through those proxies, since a
   * client that reaches the gateway directly can write any address there.
   */
  TRUST_PROXY: optional(proxyTrust),
  DIST_DIR: optional(z.string()).default('dist'),
  /**
   * The gateway's own state in PostgreSQL (`postgres://user:pass@host/db`), shared by every
   * replica: history, start keys, kept speech audio and access. Unset: SQLite files in DATA_DIR.
   */
  DATABASE_URL: optional(
    z
      .string()
      .trim()
      .regex(
        /^postgres(ql)?:\/\/\S+$/,
        'must be a PostgreSQL URL, e.g. postgres://user:pass@host/db',
      ),
  ),
  /** The gateway's own state: its history (history.sqlite) and the audio of speech results. */
  DATA_DIR: optional(z.string().trim()).default('./.data'),
  /** Settled history entries older than this many days are removed (running jobs never are). */
  HISTORY_RETENTION_DAYS: optional(wholeNumber(1, 36_500)).default(90),
  /** Beyond this many entries, the oldest settled ones are removed. */
  HISTORY_MAX_ROWS: optional(wholeNumber(100, 10_000_000)).default(200_000),
  /**
   * Where people reach the dashboard (`https://studio.example.com`), behind a proxy or not:
   * the OIDC redirect URI is built from it, its host is served, and cookies are Secure over https.
   */
  PUBLIC_URL: optional(httpUrl('https://studio.example.com')),
  /** Sign-in through the team's OpenID Connect provider (its issuer URL). */
  OIDC_ISSUER: optional(httpUrl('https://accounts.google.com')),
  OIDC_CLIENT_ID: optional(z.string().trim()),
  /** Absent for a public client (PKCE alone). */
  OIDC_CLIENT_SECRET: optional(z.string().trim()),
  OIDC_SCOPES: optional(z.string().trim()).default('openid profile email'),
  /** Single-user sign-in for a home server: the one password. */
  GATEWAY_PASSWORD: optional(z.string().min(12, 'must be at least 12 characters')),
  /** The name that single user's entries are attributed to. */
  GATEWAY_USER_NAME: optional(z.string().trim().max(60, 'must be at most 60 characters')).default(
    'Owner',
  ),
  /** A session ends after this many hours without use (and 30 days after sign-in at most). */
  SESSION_IDLE_HOURS: optional(wholeNumber(1, 24 * 30)).default(24 * 7),
  /**
   * Lets webhooks reach loopback and private addresses (a receiver on this machine or the
   * office network). Link-local addresses, cloud metadata among them, stay refused.
   */
  WEBHOOK_ALLOW_PRIVATE: optional(
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true'),
  ).default(false),
  /**
   * Who may change the team's and each person's monthly budgets: user ids or e-mail addresses,
   * comma-separated. Unset: anyone who may use the gateway.
   */
  BUDGET_MANAGERS: optional(
    z.string().transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ).default([]),
  /**
   * Who runs this gateway, for push services (`mailto:ops@example.com` or an https URL): they
   * write there when its pushes misbehave. Defaults to PUBLIC_URL when that is https.
   */
  VAPID_SUBJECT: optional(
    z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https URL'),
  ),
});

/** Settings that only make sense together. */
export const envSchema = envObject.superRefine((env, ctx) => {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (env.OIDC_ISSUER && env.GATEWAY_PASSWORD)
    issue('GATEWAY_PASSWORD', 'must not be set with OIDC_ISSUER: choose one way to sign in');
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID)
    issue('OIDC_CLIENT_ID', 'is required with OIDC_ISSUER (the client registered at the provider)');
  if (env.OIDC_ISSUER && !env.PUBLIC_URL)
    issue(
      'PUBLIC_URL',
      'is required with OIDC_ISSUER (the redirect URI is PUBLIC_URL/auth/callback)',
    );
  // The embedded emulator keeps its state in this process's files: replicas sharing a
  // database would each run their own service, with jobs the others cannot see.
  if (env.DATABASE_URL && !env.API_BASE_URL)
    issue(
      'API_BASE_URL',
      'is required with DATABASE_URL: replicas share one service, so run it apart ' +
        '(the real service, or `npm run emulator` on a host they all reach)',
    );
  if (!env.OIDC_ISSUER && (env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET))
    issue('OIDC_ISSUER', 'is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set');
});

export type Env = z.infer<typeof envSchema>;

/** How people sign in to this gateway: decided by which settings are present. */
export function accessModeOf(env: Pick<Env, 'OIDC_ISSUER' | 'GATEWAY_PASSWORD'>): AccessMode {
  if (env.OIDC_ISSUER) return 'oidc';
  if (env.GATEWAY_PASSWORD) return 'password';
  return 'open';
}

/** Parses the environment; throws one Error naming every bad variable and its rule (never its value). */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new Error(`Invalid environment:\n${lines.join('\n')}`);
}
