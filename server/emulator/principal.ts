import { createHash, randomBytes } from 'node:crypto';

/**
 * Who a request acts for. Resources are scoped to both parts: another key, or the same key
 * with another stack, does not see them.
 */
export interface Principal {
  /** sha256 (hex) of the API key: the key itself is never stored. */
  keyHash: string;
  /** The X-Stack-Id sent, or '' when none was (allowed on endpoints where it is unspecified). */
  stackId: string;
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * A random id with a readable prefix (`file_…`, `task_…`). 16 bytes (128 bits) make ids
 * unguessable, which media URLs rely on since `<img src>` cannot send a key.
 */
export function newId(prefix: string, bytes = 16): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}
