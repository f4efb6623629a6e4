import type { Migrations } from '../db/sql-db';

/**
 * The access database's schema migrations, applied in order, one list per engine: SQLite's
 * `PRAGMA user_version`, PostgreSQL's `schema_version` row record how many have run. Append new
 * ones at the end of both lists and never edit one that has shipped.
 *
 * - Timestamps are ISO 8601 UTC text, so text order is time order.
 * - Session and token secrets are never stored: only their SHA-256 (`secret_hash`), so a copy
 *   of this file signs nobody in.
 * - `sign_in_states` belongs to the OIDC flow (oidc.ts): one row per sign-in in progress, with
 *   the hash of its browser's binding cookie (sign-in-binding.ts) and the address that started it.
 * - `meta` holds the gateway's own facts between starts, e.g. the password's fingerprint
 *   (password-change.ts): derived with scrypt and a salt, never the password itself.
 * - A token's `expires_at` is NULL when it never expires.
 * - `sign_in_failures` holds one row per failed sign-in (rate-limit.ts) by the client's address
 *   (`address_key`: an IPv6 client's /64), kept only as long as the failure window.
 */
const sqlite: readonly string[] = [
  /* 1: users, sessions, personal access tokens, OIDC sign-ins in progress */ `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    UNIQUE (issuer, subject)
  );

  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    user_agent TEXT
  );
  CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);

  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT
  );
  CREATE INDEX tokens_by_user ON tokens (user_id, created_at);

  CREATE TABLE sign_in_states (
    state TEXT PRIMARY KEY,
    code_verifier TEXT NOT NULL,
    nonce TEXT NOT NULL,
    next TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  /* 2: facts the gateway keeps between starts (the password's fingerprint) */ `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  /* 3: a token may expire */ `
  ALTER TABLE tokens ADD COLUMN expires_at TEXT;
  `,
  /* 4: a sign-in in progress belongs to one browser and one address */ `
  -- A row from before has no binding: its callback is refused, and that sign-in starts again.
  ALTER TABLE sign_in_states ADD COLUMN binding_hash TEXT NOT NULL DEFAULT '';
  ALTER TABLE sign_in_states ADD COLUMN address TEXT NOT NULL DEFAULT '';
  CREATE INDEX sign_in_states_by_age ON sign_in_states (created_at);
  CREATE INDEX sign_in_states_by_address ON sign_in_states (address, created_at);
  `,
  /* 5: failed sign-ins, one row each, counted per address by every replica */ `
  CREATE TABLE sign_in_failures (
    id INTEGER PRIMARY KEY,
    address_key TEXT NOT NULL,
    failed_at TEXT NOT NULL
  );
  CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address_key, failed_at);
  CREATE INDEX sign_in_failures_by_age ON sign_in_failures (failed_at);
  `,
];

/**
 * The same tables in PostgreSQL, in the `media_access` schema (the pool's search path). Its
 * first version is SQLite's first four at once; `sign_in_states` numbers its rows (`seq`),
 * where SQLite orders by `rowid`.
 */
const postgres: readonly string[] = [
  /* 1: users, sessions, tokens, OIDC sign-ins in progress, meta (SQLite's 1–4) */ `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    name TEXT NOT NULL,
    email TEXT,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    UNIQUE (issuer, subject)
  );

  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    user_agent TEXT
  );
  CREATE INDEX sessions_by_user ON sessions (user_id, created_at);
  CREATE INDEX sessions_by_expiry ON sessions (expires_at);

  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_used_at TEXT,
    expires_at TEXT
  );
  CREATE INDEX tokens_by_user ON tokens (user_id, created_at);

  CREATE TABLE sign_in_states (
    state TEXT PRIMARY KEY,
    code_verifier TEXT NOT NULL,
    nonce TEXT NOT NULL,
    next TEXT NOT NULL,
    created_at TEXT NOT NULL,
    binding_hash TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT '',
    seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE
  );
  CREATE INDEX sign_in_states_by_age ON sign_in_states (created_at, seq);
  CREATE INDEX sign_in_states_by_address ON sign_in_states (address, created_at, seq);

  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  /* 2: failed sign-ins (SQLite's 5) */ `
  CREATE TABLE sign_in_failures (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    address_key TEXT NOT NULL,
    failed_at TEXT NOT NULL
  );
  CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address_key, failed_at);
  CREATE INDEX sign_in_failures_by_age ON sign_in_failures (failed_at);
  `,
];

export const accessMigrations: Migrations = { component: 'access', sqlite, postgres };
