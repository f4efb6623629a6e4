// oidc-provider 9 ships without typings, and it is only a test dependency (a real provider for
// the sign-in tests). Only the parts those tests configure are declared.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    post_logout_redirect_uris?: string[];
    response_types?: string[];
    grant_types?: string[];
    token_endpoint_auth_method?: 'none' | 'client_secret_basic' | 'client_secret_post';
  }

  export type AccountClaims = { sub: string } & Record<string, unknown>;

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  }

  export interface Grant {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      requestParamScopes: Set<string>;
    };
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?(ctx: KoaContextWithOIDC, sub: string): Promise<Account | undefined>;
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    loadExistingGrant?(ctx: KoaContextWithOIDC): Promise<Grant | undefined>;
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: { enabled: boolean };
    };
    pkce?: { required?(): boolean };
    cookies?: { keys?: string[] };
    /** Lifetimes in seconds, by artifact (Session, Grant, AccessToken, IdToken, Interaction…). */
    ttl?: Record<string, number>;
    renderError?(ctx: unknown, out: Record<string, string>, error: Error): void | Promise<void>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    Grant: {
      new (init: { accountId?: string; clientId: string }): Grant;
      find(id: string): Promise<Grant | undefined>;
    };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
