import * as client from 'openid-client';
import { isLoopbackHost } from './loopback';

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  /** Absent for a public client, which proves itself by PKCE alone. */
  clientSecret?: string | undefined;
}

/** Not worth a retry: the settings themselves are wrong. */
export class OidcSettingsError extends Error {}

/**
 * A provider that does not answer within this is reported as down: the person at the sign-in
 * page gets an answer instead of a spinner for openid-client's default 30 s.
 */
const discoveryTimeoutSeconds = 10;

/**
 * http is for a provider on this machine only (oidc-provider in the tests, a local Keycloak):
 * anywhere else the codes and tokens would cross the network in clear.
 */
export function insecureIssuerAllowed(issuer: URL): boolean {
  return issuer.protocol === 'https:' || isLoopbackHost(issuer.hostname);
}

/**
 * The provider's endpoints, found from its issuer on the first sign-in rather than at start,
 * so a provider that is down then does not keep the gateway from serving. A failed discovery is
 * not kept: the next sign-in tries again.
 */
export function oidcDiscovery(settings: OidcClientSettings) {
  let pending: Promise<client.Configuration> | undefined;

  async function discover(): Promise<client.Configuration> {
    const issuer = new URL(settings.issuer);
    if (!insecureIssuerAllowed(issuer))
      throw new OidcSettingsError(
        'OIDC_ISSUER must use https (http is allowed only for a provider on this machine)',
      );
    const { clientId, clientSecret } = settings;
    return client.discovery(
      issuer,
      clientId,
      clientSecret,
      // client_secret_basic is the method every provider must support (OIDC Core 9).
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      {
        timeout: discoveryTimeoutSeconds,
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      },
    );
  }

  return {
    configuration(): Promise<client.Configuration> {
      pending ??= discover().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
  };
}

export type OidcDiscovery = ReturnType<typeof oidcDiscovery>;
