/**
 * A real OpenID Connect provider (oidc-provider) for the sign-in tests: the unit tests start it
 * in process on a free port, the e2e suite as a server of its own (e2e/fixtures/oidc-provider.ts).
 * Its development login form takes any name and password: the name becomes the subject.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccountClaims {
  name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
}

export interface OidcProviderOptions {
  /** Default 0: a free one. */
  port?: number;
  clients: ClientMetadata[];
  /**
   * The claims of a login name; by default its name is the login itself and its email
   * `<login>@example.test`, verified.
   */
  accounts?: (login: string) => TestAccountClaims;
}

export interface RunningOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

const defaultAccount = (login: string): TestAccountClaims => ({
  name: login,
  email: `${login}@example.test`,
  email_verified: true,
});

export async function startOidcProvider({
  port = 0,
  clients,
  accounts = defaultAccount,
}: OidcProviderOptions): Promise<RunningOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients,
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, ...accounts(sub) }),
    }),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // The claims go into the ID token itself, as Keycloak, Entra ID or Google put them.
    conformIdTokenClaims: false,
    // The gateway is a first-party app: no consent screen, every requested scope is granted.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { provider: self, client, session, result, requestParamScopes } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...requestParamScopes].join(' '));
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: true } },
    // Every client must use PKCE, so a gateway that forgot it fails these tests.
    pkce: { required: () => true },
    cookies: { keys: ['media-studio-test-provider'] },
    // Set, so the provider does not warn about its defaults on every sign-in.
    ttl: { Interaction: 3600, Session: 86_400, Grant: 86_400, AccessToken: 3600, IdToken: 3600 },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser at the provider: follows its redirects with its cookies, fills its login form (or
 * cancels it), and stops at the redirect back to the gateway (`redirectUri`).
 */
export async function browseProvider(
  start: URL,
  action: { login: string } | 'cancel',
  redirectUri: string,
): Promise<URL> {
  const cookies = new Map<string, string>();
  const go = async (url: URL, body?: URLSearchParams) => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body && { body }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = start;
  let res = await go(url);
  for (let step = 0; step < 10; step++) {
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      res = await go(url);
      continue;
    }
    const page = await res.text();
    const action_ = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action_) throw new Error(`provider answered ${res.status}`);
    res =
      action === 'cancel'
        ? await go(new URL(`${new URL(action_, url).pathname}/abort`, url))
        : await go(
            new URL(action_, url),
            new URLSearchParams({ prompt: 'login', login: action.login, password: 'any' }),
          );
  }
  throw new Error('the provider never sent the browser back');
}
