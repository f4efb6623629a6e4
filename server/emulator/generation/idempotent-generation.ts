import type { EmulatorDb } from '../db/database';
import { findGeneration, insertGeneration, type GenerationRecord } from '../db/generations-repo';
import {
  findIdempotentResponse,
  saveIdempotentResponse,
  type IdempotencyScope,
} from '../db/idempotency-repo';

/** What the idempotency table keeps for a generation: enough to find the record again. */
interface StoredReplay {
  generation_id: string;
  stack: string;
}

function replay(db: EmulatorDb, scope: IdempotencyScope): GenerationRecord | null {
  const stored = findIdempotentResponse<StoredReplay>(db, scope);
  if (!stored) return null;
  return findGeneration(db, stored.generation_id, { keyHash: scope.owner, stackId: stored.stack });
}

/**
 * Stores generations, honouring idempotency keys (scoped to key owner and endpoint): a retry
 * gets the original record without rendering again. Concurrent retries in this process share
 * one render; should two processes race, the key's row decides and the loser's render is
 * dropped without a generations row.
 */
export function createGenerationStore(db: EmulatorDb) {
  const inFlight = new Map<string, Promise<GenerationRecord>>();

  async function createOnce(
    scope: IdempotencyScope,
    render: () => Promise<GenerationRecord>,
  ): Promise<GenerationRecord> {
    const earlier = replay(db, scope);
    if (earlier) return earlier;
    const record = await render();
    const won = db.transaction(() => {
      const saved = saveIdempotentResponse(
        db,
        scope,
        { generation_id: record.id, stack: record.stack } satisfies StoredReplay,
        record.created_at,
      );
      if (saved) insertGeneration(db, record);
      return saved;
    })();
    return won ? record : (replay(db, scope) ?? record);
  }

  return async function store(
    key: string | undefined,
    scope: Omit<IdempotencyScope, 'key'>,
    render: () => Promise<GenerationRecord>,
  ): Promise<GenerationRecord> {
    if (key === undefined) {
      const record = await render();
      insertGeneration(db, record);
      return record;
    }
    const full = { ...scope, key };
    const flightKey = JSON.stringify([full.owner, full.endpoint, full.key]);
    let pending = inFlight.get(flightKey);
    if (!pending) {
      pending = createOnce(full, render).finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, pending);
    }
    return pending;
  };
}
