/**
 * PostgreSQL advisory lock keys, one per purpose, in one place: the key space is the whole
 * database's, so two purposes sharing a key would wait for each other.
 */
export const lockKeys = {
  /** Every component's migrations (postgres-db.ts). */
  migrations: 7_341_190_021,
  /** Writers of the history, so change numbers follow commit order (change-log.ts). */
  historyWrites: 7_341_190_022,
  /** Saving an OIDC sign-in in progress, so the table's bounds hold (sign-in-states.ts). */
  signInStates: 7_341_190_023,
  /** Checking and counting a sign-in attempt in one step (rate-limit.ts). */
  signInAttempts: 7_341_190_024,
  /** Held for as long as a replica leads the polling (poller-lead.ts). */
  pollerLead: 7_341_190_031,
} as const;
