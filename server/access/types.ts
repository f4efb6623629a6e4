import type { AccessUser } from '../../src/api/contract/access';

/** Who a request acts for, once the access middleware has let it through. */
export interface Principal {
  user: AccessUser;
  via: 'session' | 'token';
  /** The session's id (never its secret), when signed in by cookie. */
  sessionId?: string;
  /** The token used, when signed in by `Authorization: Bearer`. */
  token?: { id: string; name: string };
}

/** What an identity provider (or the password form) vouched for. */
export interface VerifiedIdentity {
  /** `password` for the single-user mode, else the OIDC issuer. */
  issuer: string;
  subject: string;
  name: string;
  email: string | null;
}

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by the access middleware; absent in `open` mode. */
    principal: Principal | undefined;
    /** The client's address, behind trusted proxies if any (rate-limit.ts). */
    clientAddress: string | undefined;
  }
}
