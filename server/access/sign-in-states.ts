import type Database from 'better-sqlite3';

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
export function signInStates(db: Database.Database, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    `INSERT INTO sign_in_states (state, code_verifier, nonce, next, binding_hash, address, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const purge = db.prepare('DELETE FROM sign_in_states WHERE created_at < ?');
  const countOf = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM sign_in_states WHERE address = ?',
  );
  const dropOldestOf = db.prepare<[string, number]>(
    `DELETE FROM sign_in_states WHERE rowid IN (
       SELECT rowid FROM sign_in_states WHERE address = ? ORDER BY created_at, rowid LIMIT ?)`,
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sign_in_states');
  const dropOldest = db.prepare<[number]>(
    `DELETE FROM sign_in_states WHERE rowid IN (
       SELECT rowid FROM sign_in_states ORDER BY created_at, rowid LIMIT ?)`,
  );
  const pendingFor = db.prepare<[string, string], { n: number }>(
    'SELECT count(*) AS n FROM sign_in_states WHERE binding_hash = ? AND created_at >= ?',
  );
  // Deleted as it is read: a state answers one callback only, even two arriving at once.
  const take = db.prepare<[string], Row>('DELETE FROM sign_in_states WHERE state = ? RETURNING *');
  const cutoff = () => new Date(now().getTime() - signInStateTtlMs).toISOString();

  const save = db.transaction((s: SignInState) => {
    // Abandoned sign-ins go with the next one, so the table stays as small as its traffic.
    purge.run(cutoff());
    const mine = countOf.get(s.address)!.n;
    if (mine >= maxPendingPerAddress) dropOldestOf.run(s.address, mine - maxPendingPerAddress + 1);
    const all = count.get()!.n;
    if (all >= maxPendingSignIns) dropOldest.run(all - maxPendingSignIns + 1);
    insert.run(
      s.state,
      s.codeVerifier,
      s.nonce,
      s.next,
      s.bindingHash,
      s.address,
      now().toISOString(),
    );
  });

  return {
    save(state: SignInState): void {
      save(state);
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
        bindingHash: row.binding_hash,
        address: row.address,
      };
    },
    /** Whether the browser of this binding still has a sign-in in progress (another tab's). */
    pendingFor(bindingHash: string): boolean {
      return pendingFor.get(bindingHash, cutoff())!.n > 0;
    },
  };
}

export type SignInStates = ReturnType<typeof signInStates>;
