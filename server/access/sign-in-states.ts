import type Database from 'better-sqlite3';

/** What the gateway keeps of one OIDC sign-in in progress, from the redirect to the callback. */
export interface SignInState {
  state: string;
  codeVerifier: string;
  nonce: string;
  /** The page of this site to open once signed in. */
  next: string;
}

/**
 * A sign-in left at the provider's login page longer than this must start again: the state is
 * a one-time ticket, not a standing invitation.
 */
export const signInStateTtlMs = 10 * 60_000;

interface Row {
  state: string;
  code_verifier: string;
  nonce: string;
  next: string;
  created_at: string;
}

/** The `sign_in_states` table of the access database (server/access/access-migrations.ts). */
export function signInStates(db: Database.Database, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    'INSERT INTO sign_in_states (state, code_verifier, nonce, next, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const purge = db.prepare('DELETE FROM sign_in_states WHERE created_at < ?');
  // Deleted as it is read: a state answers one callback only, even two arriving at once.
  const take = db.prepare<[string], Row>('DELETE FROM sign_in_states WHERE state = ? RETURNING *');
  const cutoff = () => new Date(now().getTime() - signInStateTtlMs).toISOString();

  return {
    save({ state, codeVerifier, nonce, next }: SignInState): void {
      // Abandoned sign-ins go with the next one, so the table stays as small as its traffic.
      purge.run(cutoff());
      insert.run(state, codeVerifier, nonce, next, now().toISOString());
    },
    /** The state's sign-in, removed; undefined when unknown, already used or expired. */
    take(state: string): SignInState | undefined {
      const row = take.get(state);
      if (!row || row.created_at < cutoff()) return undefined;
      return {
        state: row.state,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        next: row.next,
      };
    },
  };
}

export type SignInStates = ReturnType<typeof signInStates>;
