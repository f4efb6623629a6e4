import { lockKeys } from '../db/lock-keys';
import type { SqlDb } from '../db/sql-db';

/** What the gateway keeps of one OIDC sign-in in progress, from the redirect to the callback. */
export interface SignInState {
  state: string;
  codeVerifier: string;
  nonce: string;
  /** The page of this site to open once signed in. */
  next: string;
  /** SHA-256 of the binding cookie of the browser that started it (sign-in-binding.ts). */
  bindingHash: string;
  /** The client address that started it: its pending sign-ins are bounded. */
  address: string;
}

/**
 * A sign-in left at the provider's login page longer than this must start again: the state is
 * a one-time ticket, not a standing invitation.
 */
export const signInStateTtlMs = 10 * 60_000;
/**
 * Starting a sign-in is an anonymous GET, so the table is bounded: per address, more than any
 * person has tabs open at the provider's login page; in all, far beyond a team's traffic in
 * ten minutes. Past either bound the oldest sign-ins go first.
 */
export const maxPendingPerAddress = 20;
export const maxPendingSignIns = 10_000;
/**
 * Taken (PostgreSQL) while a sign-in is saved: replicas saving at once count and trim the
 * table one after another, so the bounds hold and no two trims wait on each other's rows.
 */
const saveLockKey = lockKeys.signInStates;

interface Row {
  state: string;
  code_verifier: string;
  nonce: string;
  next: string;
  binding_hash: string;
  address: string;
  created_at: string;
}

/** The `sign_in_states` table of the access database (server/access/access-migrations.ts). */
export function signInStates(db: SqlDb, now: () => Date = () => new Date()) {
  // The order rows were saved in, among those of the same millisecond.
  const order = db.dialect === 'sqlite' ? 'rowid' : 'seq';
  const cutoff = () => new Date(now().getTime() - signInStateTtlMs).toISOString();

  return {
    async save(s: SignInState): Promise<void> {
      await db.transaction(async (tx) => {
        if (tx.dialect === 'postgres')
          await tx.run('SELECT pg_advisory_xact_lock(?)', [saveLockKey]);
        // Abandoned sign-ins go with the next one, so the table stays as small as its traffic.
        await tx.run('DELETE FROM sign_in_states WHERE created_at < ?', [cutoff()]);
        const mine = (await tx.get<{ n: number }>(
          'SELECT count(*) AS n FROM sign_in_states WHERE address = ?',
          [s.address],
        ))!.n;
        if (mine >= maxPendingPerAddress)
          await tx.run(
            `DELETE FROM sign_in_states WHERE ${order} IN (
               SELECT ${order} FROM sign_in_states WHERE address = ?
               ORDER BY created_at, ${order} LIMIT ?)`,
            [s.address, mine - maxPendingPerAddress + 1],
          );
        const all = (await tx.get<{ n: number }>('SELECT count(*) AS n FROM sign_in_states'))!.n;
        if (all >= maxPendingSignIns)
          await tx.run(
            `DELETE FROM sign_in_states WHERE ${order} IN (
               SELECT ${order} FROM sign_in_states ORDER BY created_at, ${order} LIMIT ?)`,
            [all - maxPendingSignIns + 1],
          );
        await tx.run(
          `INSERT INTO sign_in_states
             (state, code_verifier, nonce, next, binding_hash, address, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [s.state, s.codeVerifier, s.nonce, s.next, s.bindingHash, s.address, now().toISOString()],
        );
      });
    },

    /**
     * The state's sign-in, removed; undefined when unknown, already used or expired. A state
     * answers one callback only, even two arriving at once at two replicas: only the one whose
     * delete removed the row has it.
     */
    async take(state: string): Promise<SignInState | undefined> {
      const row = await db.get<Row>(
        `SELECT state, code_verifier, nonce, next, binding_hash, address, created_at
         FROM sign_in_states WHERE state = ?`,
        [state],
      );
      if (!row) return undefined;
      const taken = await db.run('DELETE FROM sign_in_states WHERE state = ?', [state]);
      if (taken.changes === 0 || row.created_at < cutoff()) return undefined;
      return {
        state: row.state,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        next: row.next,
        bindingHash: row.binding_hash,
        address: row.address,
      };
    },

    /** Whether the browser of this binding still has a sign-in in progress (another tab's). */
    async pendingFor(bindingHash: string): Promise<boolean> {
      const row = await db.get<{ n: number }>(
        'SELECT count(*) AS n FROM sign_in_states WHERE binding_hash = ? AND created_at >= ?',
        [bindingHash, cutoff()],
      );
      return row!.n > 0;
    },
  };
}

export type SignInStates = ReturnType<typeof signInStates>;
