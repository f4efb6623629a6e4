// The zod-free part of the access contract: this runs in the query library's chunk, which
// every data page loads before its own code.
import { authPaths, signInRequiredCode } from '../api/contract/access-paths';
import { readConnection, type Connection } from './connection-settings';

/**
 * Where to go when a request failed because the gateway's session ended (signed out in another
 * tab, expired, revoked): its sign-in page, then back to this page. Null for any other failure,
 * and always in direct mode, where a 401 is the service refusing the API key.
 */
export function signInUrlFor(
  error: unknown,
  connection: Connection,
  here: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string | null {
  if (connection.mode !== 'gateway') return null;
  const { status, code } = (error ?? {}) as { status?: unknown; code?: unknown };
  if (status !== 401 || code !== signInRequiredCode) return null;
  return `${authPaths.signIn}?next=${encodeURIComponent(here.pathname + here.search + here.hash)}`;
}

/** Set while this page signs out: its own requests then fail as signed out, and that is the point. */
let signingOut = false;

/**
 * Called as the sign-out form is sent: the session ends before the browser leaves for the
 * gateway's "signed out" page, and a background request failing meanwhile (the inbox, a list
 * refreshing) must not send it to the sign-in page instead. Should the sign-out not go through,
 * a failure a few seconds later leaves for sign-in as usual.
 */
export function markSigningOut(forMs = 10_000): void {
  signingOut = true;
  setTimeout(() => (signingOut = false), forMs);
}

/**
 * The query client's error handler: on the first failure that means "signed out", goes to the
 * sign-in page (`go`, the browser's navigation in the app). Later failures, e.g. the other
 * queries of the same page failing the same way, find it already on its way.
 */
export function signInRedirect(go: (url: string) => void): (error: unknown) => void {
  let leaving = false;
  return (error) => {
    if (leaving || signingOut) return;
    const url = signInUrlFor(error, readConnection(), window.location);
    if (url === null) return;
    leaving = true;
    go(url);
  };
}
