import { sameSecret } from './secrets';
import type { VerifiedIdentity } from './types';

/** Whether the form's password is GATEWAY_PASSWORD, compared in constant time. */
export function passwordMatches(given: string, expected: string): boolean {
  return sameSecret(given, expected);
}

/**
 * The one person of password mode. A fixed subject, so their history and tokens survive a
 * change of password or of GATEWAY_USER_NAME.
 */
export function passwordIdentity(name: string): VerifiedIdentity {
  return { issuer: 'password', subject: 'owner', name, email: null };
}
