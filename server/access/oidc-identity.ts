import type { VerifiedIdentity } from './types';

/** The longest name shown on the board; a provider may send a whole sentence. */
const nameMax = 60;

type Claims = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** Whether the claims carry anything to call the person by (else the userinfo endpoint may). */
export function hasDisplayClaims(claims: Claims): boolean {
  return Boolean(text(claims.name) ?? text(claims.preferred_username) ?? text(claims.email));
}

/**
 * Who the provider vouched for, from the ID token's claims (already checked by openid-client:
 * signature, issuer, audience, expiry, nonce). The subject is the identity; name and email are
 * only what to show. An email the provider says it has not verified is not taken, not even as
 * the name: it could be anyone's.
 */
export function identityFromClaims(issuer: string, claims: Claims): VerifiedIdentity {
  const subject = text(claims.sub);
  if (!subject) throw new Error('the ID token has no subject');
  const email = claims.email_verified === false ? undefined : text(claims.email);
  const name = text(claims.name) ?? text(claims.preferred_username) ?? email ?? subject;
  return { issuer, subject, name: name.slice(0, nameMax), email: email ?? null };
}
