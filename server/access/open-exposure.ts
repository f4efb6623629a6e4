import type { Env } from '../env';
import { isLoopbackHost } from './loopback';

/** `name`, `name:port`, `[v6]` or `[v6]:port` (as ALLOWED_HOSTS holds them) without the port. */
const hostnameOf = (host: string) => /^(\[[^\]]+\]|[^:]+)(:\d+)?$/.exec(host)?.[1] ?? host;

/**
 * Why a gateway without sign-in would serve people other than this machine's, or null when it
 * would not. Off loopback anyone who reaches the address uses it; under a name that is not
 * loopback (PUBLIC_URL, ALLOWED_HOSTS) a reverse proxy or the network serves it to others,
 * even though it listens on loopback. Either way they would use the API key it injects.
 */
export function openExposure(env: Pick<Env, 'HOST' | 'PUBLIC_URL' | 'ALLOWED_HOSTS'>) {
  if (!isLoopbackHost(env.HOST)) return `listen on ${env.HOST}`;
  if (env.PUBLIC_URL && !isLoopbackHost(new URL(env.PUBLIC_URL).hostname))
    return `serve PUBLIC_URL=${env.PUBLIC_URL}`;
  const named = env.ALLOWED_HOSTS.find((host) => !isLoopbackHost(hostnameOf(host)));
  if (named) return `answer for ${named} (in ALLOWED_HOSTS)`;
  return null;
}

/** The message to stop with, naming the settings that would make it safe. */
export function openExposureRefusal(what: string): string {
  return [
    `Refusing to ${what} without sign-in: anyone it is served to could use the gateway and the API key it injects.`,
    'Either:',
    '  - set GATEWAY_PASSWORD (at least 12 characters) for a single user, or',
    '  - set OIDC_ISSUER, OIDC_CLIENT_ID and PUBLIC_URL to sign in with your identity provider, or',
    '  - set HOST=127.0.0.1 (and leave PUBLIC_URL and ALLOWED_HOSTS to loopback names) to serve this machine only.',
  ].join('\n');
}
