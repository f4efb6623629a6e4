import type { EmulatorDb } from './database';
import { statement } from './sql';

/**
 * Idempotency keys are scoped to the key owner and the endpoint (docs/api-decisions.md): a retry
 * with the same key returns the stored response, even when the body differs.
 */
export interface IdempotencyScope {
  owner: string;
  /** The EndpointDef id, e.g. `video.generate`. */
  endpoint: string;
  key: string;
}

export function findIdempotentResponse<T>(db: EmulatorDb, scope: IdempotencyScope): T | null {
  const row = statement<[string, string, string], { response_json: string }>(
    db,
    'SELECT response_json FROM idempotency WHERE owner = ? AND endpoint = ? AND key = ?',
  ).get(scope.owner, scope.endpoint, scope.key);
  return row ? (JSON.parse(row.response_json) as T) : null;
}

/**
 * Records the response for a key. Returns false when the key was already taken (a concurrent
 * retry won the race): the caller should then answer with findIdempotentResponse instead.
 */
export function saveIdempotentResponse(
  db: EmulatorDb,
  scope: IdempotencyScope,
  response: unknown,
  createdAt: string,
): boolean {
  const result = statement(
    db,
    `INSERT OR IGNORE INTO idempotency (owner, endpoint, key, response_json, created_at)
       VALUES (?, ?, ?, ?, ?)`,
  ).run(scope.owner, scope.endpoint, scope.key, JSON.stringify(response), createdAt);
  return result.changes > 0;
}
