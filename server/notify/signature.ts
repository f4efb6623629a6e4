import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretPrefix } from '../../src/api/contract/notification-paths';

// Signing as the Standard Webhooks specification lays it out, so a receiver can check our
// deliveries with any of its libraries: `webhook-id`, `webhook-timestamp` and one `v1,` HMAC
// per secret in `webhook-signature`.

/** A new secret: `whsec_` and 32 random bytes in base64, the size the specification asks for. */
export function newWebhookSecret(): string {
  return webhookSecretPrefix + randomBytes(32).toString('base64');
}

/** The key a secret stands for: the bytes its base64 holds, after the prefix. */
function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(webhookSecretPrefix)
    ? secret.slice(webhookSecretPrefix.length)
    : secret;
  return Buffer.from(encoded, 'base64');
}

/** `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, keyed with the secret. */
export function signatureOf(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const hmac = createHmac('sha256', keyOf(secret))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${hmac}`;
}

/**
 * The headers of one attempt. Every secret signs: during a rotation's overlap the new and the
 * old one both do, so a receiver still holding the old secret keeps accepting deliveries.
 */
export function webhookHeaders(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets
      .map((secret) => signatureOf(secret, messageId, timestampSeconds, body))
      .join(' '),
  };
}

/** "whsec_…k3Q=": enough of a secret to tell it apart from another, never enough to sign. */
export function secretHint(secret: string): string {
  return `${webhookSecretPrefix}…${secret.slice(-4)}`;
}
