import type { Migrations } from '../db/sql-db';
import { usageMigration } from '../usage/usage-schema';

/**
 * The history's schema migrations on SQLite, applied in order; `PRAGMA user_version` records how many
 * have run. Append new ones at the end and never edit one that has shipped: existing data
 * directories have already run it.
 *
 * - Timestamps are ISO 8601 UTC text, as the API returns them, so text order is time order.
 * - `*_json` columns hold JSON text. `readings_json` is the compact set of readings the board
 *   needs (see compactReadings); every reading kept is in `readings`, up to 500 per entry.
 * - `search_text` is what `q` searches, lower-cased; `entries_fts` indexes it by trigrams so a
 *   substring search does not scan the table.
 * - `changes` numbers every change a viewer should see: the SSE stream's event ids.
 */
export const historyMigrations: readonly string[] = [
  /* 1: entries, readings, search, change log */ `
  CREATE TABLE entries (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    params_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    status TEXT NOT NULL,
    settled INTEGER NOT NULL CHECK (settled IN (0, 1)),
    latest_json TEXT,
    result_json TEXT,
    cost REAL,
    error_json TEXT,
    source TEXT NOT NULL,
    stalled INTEGER NOT NULL DEFAULT 0,
    reading_count INTEGER NOT NULL DEFAULT 0,
    readings_json TEXT NOT NULL DEFAULT '[]',
    last_change_at TEXT NOT NULL,
    search_text TEXT NOT NULL
  );
  CREATE INDEX entries_by_time ON entries (created_at, id);
  CREATE INDEX entries_by_kind ON entries (kind, created_at, id);
  CREATE INDEX entries_by_status ON entries (status, created_at, id);
  CREATE INDEX entries_pending ON entries (settled) WHERE settled = 0;

  CREATE TABLE readings (
    entry_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    at TEXT NOT NULL,
    status TEXT NOT NULL,
    progress REAL,
    current_step INTEGER,
    PRIMARY KEY (entry_id, n)
  ) WITHOUT ROWID;

  CREATE TABLE changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('upsert', 'delete')),
    at TEXT NOT NULL
  );
  CREATE INDEX changes_by_entry ON changes (entry_id, seq);

  -- The newest change number trimmed from the log: a stream behind it cannot resume.
  CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
  INSERT INTO meta (key, value) VALUES ('trimmed_through', 0);

  CREATE VIRTUAL TABLE entries_fts USING fts5(
    search_text, content = 'entries', content_rowid = 'rowid', tokenize = 'trigram'
  );
  CREATE TRIGGER entries_fts_insert AFTER INSERT ON entries BEGIN
    INSERT INTO entries_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
  END;
  CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
    INSERT INTO entries_fts (entries_fts, rowid, search_text)
      VALUES ('delete', old.rowid, old.search_text);
  END;
  CREATE TRIGGER entries_fts_update AFTER UPDATE OF search_text ON entries BEGIN
    INSERT INTO entries_fts (entries_fts, rowid, search_text)
      VALUES ('delete', old.rowid, old.search_text);
    INSERT INTO entries_fts (rowid, search_text) VALUES (new.rowid, new.search_text);
  END;
  `,
  /* 2: kind and status together, the board's usual filter: counted from the index alone */ `
  CREATE INDEX entries_by_kind_status ON entries (kind, status, created_at, id);
  `,
  /* 3: the creation's trace id and response time, for an entry's details */ `
  ALTER TABLE entries ADD COLUMN trace_id TEXT;
  ALTER TABLE entries ADD COLUMN elapsed_ms INTEGER;
  `,
  /* 4: the first answer to each keyed creation (start-keys.ts), so a repeat creates nothing */ `
  CREATE TABLE start_keys (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    status INTEGER NOT NULL,
    body_json TEXT NOT NULL,
    entry_id TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (kind, key)
  ) WITHOUT ROWID;
  CREATE INDEX start_keys_by_time ON start_keys (created_at);
  `,
  /* 5: who started each entry, when the gateway asks for sign-in (null in open mode) */ `
  ALTER TABLE entries ADD COLUMN started_by_id TEXT;
  ALTER TABLE entries ADD COLUMN started_by_name TEXT;
  -- The personal access token's name, when the entry was started with one.
  ALTER TABLE entries ADD COLUMN started_by_token TEXT;
  CREATE INDEX entries_by_starter ON entries (started_by_id, created_at, id)
    WHERE started_by_id IS NOT NULL;
  `,
  /* 6: who is creating with a key right now (start-keys.ts), so that a replica waits for it */ `
  CREATE TABLE start_claims (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    claim_id TEXT NOT NULL,
    claimed_at TEXT NOT NULL,
    PRIMARY KEY (kind, key)
  ) WITHOUT ROWID;
  `,
  /* 7: the kind and status index with the searched text: a search within kinds or statuses
        reads the index alone, not each entry (a row holds its params and readings too) */ `
  CREATE INDEX entries_by_kind_status_text ON entries (kind, status, created_at, id, search_text);
  DROP INDEX entries_by_kind_status;
  `,
  /* 8: the time index with the searched text: a common word alone is tested on the index, in
        the list's order, without reading each entry */ `
  CREATE INDEX entries_by_time_text ON entries (created_at, id, search_text);
  DROP INDEX entries_by_time;
  `,
  /* 9: notices, webhooks, push devices, their delivery queue and the inboxes (server/notify) */ `
  -- What the gateway tells (server/notify): each notice is written in the transaction of the
  -- change that causes it (a job settling or stalling), so none is lost between the two.
  CREATE TABLE notices (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    entry_id TEXT,
    -- Whom it concerns: who started the job, or a webhook's owner; null in open mode.
    owner_id TEXT,
    at TEXT NOT NULL,
    data_json TEXT NOT NULL
  );
  CREATE INDEX notices_by_owner ON notices (owner_id, seq);
  -- The newest notice turned into deliveries.
  INSERT INTO meta (key, value) VALUES ('notices_fanned_through', 0);

  CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    owner_id TEXT,
    owner_name TEXT,
    scope TEXT NOT NULL,
    url TEXT NOT NULL,
    events_json TEXT NOT NULL,
    format TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    paused_reason TEXT,
    failing_since TEXT,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_secret_until TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE push_devices (
    id TEXT PRIMARY KEY,
    -- '' in open mode: every device is everyone's.
    owner_id TEXT NOT NULL,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    user_agent TEXT,
    created_at TEXT NOT NULL,
    last_push_at TEXT
  );
  CREATE INDEX push_devices_by_owner ON push_devices (owner_id);

  -- The durable queue: one row per notice and target, attempted by one replica at a time.
  CREATE TABLE deliveries (
    id TEXT PRIMARY KEY,
    channel TEXT NOT NULL CHECK (channel IN ('webhook', 'push')),
    target_id TEXT NOT NULL,
    notice_id TEXT,
    message_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    entry_id TEXT,
    origin TEXT NOT NULL CHECK (origin IN ('event', 'test', 'redelivery')),
    payload_json TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempt_count INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    first_attempt_at TEXT,
    next_attempt_at TEXT,
    claimed_by TEXT,
    claimed_until TEXT
  );
  -- A notice reaches each target once, whichever replica turns it into deliveries.
  CREATE UNIQUE INDEX deliveries_once ON deliveries (channel, target_id, notice_id)
    WHERE origin = 'event';
  CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
  CREATE INDEX deliveries_by_target ON deliveries (target_id, created_at);

  CREATE TABLE delivery_attempts (
    delivery_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    at TEXT NOT NULL,
    status_code INTEGER,
    duration_ms INTEGER NOT NULL,
    response_excerpt TEXT NOT NULL,
    error TEXT,
    PRIMARY KEY (delivery_id, n)
  );

  -- Each person's inbox: read up to a notice, and the ones read one by one after it.
  CREATE TABLE inbox_marks (owner_key TEXT PRIMARY KEY, read_through INTEGER NOT NULL);
  CREATE TABLE inbox_reads (
    owner_key TEXT NOT NULL,
    notice_seq INTEGER NOT NULL,
    PRIMARY KEY (owner_key, notice_seq)
  );

  -- The gateway's own keys (the VAPID pair of Web Push), made at first start.
  CREATE TABLE gateway_keys (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  `,
  /* 10: usage counts and budgets (server/usage/usage-schema.ts) */ usageMigration('sqlite'),
];

/**
 * The same history on PostgreSQL, in the schema `media_history` (its 1 holds what SQLite's 1
 * to 5 built). Text keys compare byte by byte (COLLATE "C"), as SQLite's do, so lists and
 * cursors order the same whatever the database's locale. `q` is a LIKE on `search_text`,
 * served by a trigram index (pg_trgm) for a substring of any length three or over.
 * `changes.seq` is numbered under the history's write lock (change-log.ts), so its order is
 * the order of the commits.
 */
export const historyPostgresMigrations: readonly string[] = [
  /* 1: entries, readings, search, change log, start keys, starters */ `
  CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

  CREATE TABLE entries (
    id TEXT COLLATE "C" PRIMARY KEY,
    kind TEXT COLLATE "C" NOT NULL,
    name TEXT NOT NULL,
    params_json TEXT NOT NULL,
    created_at TEXT COLLATE "C" NOT NULL,
    updated_at TEXT COLLATE "C" NOT NULL,
    status TEXT COLLATE "C" NOT NULL,
    settled INTEGER NOT NULL CHECK (settled IN (0, 1)),
    latest_json TEXT,
    result_json TEXT,
    cost DOUBLE PRECISION,
    error_json TEXT,
    source TEXT COLLATE "C" NOT NULL,
    stalled INTEGER NOT NULL DEFAULT 0,
    reading_count INTEGER NOT NULL DEFAULT 0,
    readings_json TEXT NOT NULL DEFAULT '[]',
    last_change_at TEXT COLLATE "C" NOT NULL,
    search_text TEXT NOT NULL,
    trace_id TEXT,
    elapsed_ms BIGINT,
    started_by_id TEXT COLLATE "C",
    started_by_name TEXT,
    started_by_token TEXT
  );
  CREATE INDEX entries_by_time ON entries (created_at, id);
  CREATE INDEX entries_by_kind ON entries (kind, created_at, id);
  CREATE INDEX entries_by_status ON entries (status, created_at, id);
  -- With the searched text: a search within kinds or statuses is counted from the index alone.
  CREATE INDEX entries_by_kind_status ON entries (kind, status, created_at, id)
    INCLUDE (search_text);
  CREATE INDEX entries_pending ON entries (settled) WHERE settled = 0;
  CREATE INDEX entries_by_starter ON entries (started_by_id, created_at, id)
    WHERE started_by_id IS NOT NULL;
  CREATE INDEX entries_search ON entries USING gin (search_text public.gin_trgm_ops);

  CREATE TABLE readings (
    entry_id TEXT COLLATE "C" NOT NULL,
    n INTEGER NOT NULL,
    at TEXT NOT NULL,
    status TEXT NOT NULL,
    progress DOUBLE PRECISION,
    current_step BIGINT,
    PRIMARY KEY (entry_id, n)
  );

  CREATE TABLE changes (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    entry_id TEXT COLLATE "C" NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('upsert', 'delete')),
    at TEXT NOT NULL
  );
  CREATE INDEX changes_by_entry ON changes (entry_id, seq);

  -- The newest change number trimmed from the log: a stream behind it cannot resume.
  CREATE TABLE meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL);
  INSERT INTO meta (key, value) VALUES ('trimmed_through', 0);

  CREATE TABLE start_keys (
    kind TEXT COLLATE "C" NOT NULL,
    key TEXT COLLATE "C" NOT NULL,
    status INTEGER NOT NULL,
    body_json TEXT NOT NULL,
    entry_id TEXT,
    created_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (kind, key)
  );
  CREATE INDEX start_keys_by_time ON start_keys (created_at);
  `,
  /* 2: who is creating with a key right now (start-keys.ts), as SQLite's 6 */ `
  CREATE TABLE start_claims (
    kind TEXT COLLATE "C" NOT NULL,
    key TEXT COLLATE "C" NOT NULL,
    claim_id TEXT NOT NULL,
    claimed_at TEXT COLLATE "C" NOT NULL,
    PRIMARY KEY (kind, key)
  );
  `,
  /* 3: kept speech audio (audio-store.ts): replicas share no disk, so the bytes live here */ `
  CREATE TABLE audio (
    entry_id TEXT COLLATE "C" PRIMARY KEY,
    content_type TEXT NOT NULL,
    bytes BYTEA NOT NULL
  );
  `,
  /* 4: the poller's lead (poller-lead.ts): its term, raised by each replica that takes it */ `
  CREATE TABLE poller_lead (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    term BIGINT NOT NULL,
    taken_at TIMESTAMPTZ NOT NULL
  );
  `,
  /* 5: the time index with the searched text, as SQLite's 8: a common word alone is counted
        from the index, not by reading the table */ `
  CREATE INDEX entries_by_time_text ON entries (created_at, id) INCLUDE (search_text);
  DROP INDEX entries_by_time;
  `,
  /* 6: notices, webhooks, push devices, deliveries and inboxes, as SQLite's 9 */ `
  -- What the gateway tells (server/notify): each notice is written in the transaction of the
  -- change that causes it (a job settling or stalling), so none is lost between the two.
  CREATE TABLE notices (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    entry_id TEXT,
    -- Whom it concerns: who started the job, or a webhook's owner; null in open mode.
    owner_id TEXT,
    at TEXT NOT NULL,
    data_json TEXT NOT NULL
  );
  CREATE INDEX notices_by_owner ON notices (owner_id, seq);
  -- The newest notice turned into deliveries.
  INSERT INTO meta (key, value) VALUES ('notices_fanned_through', 0);

  CREATE TABLE webhooks (
    id TEXT COLLATE "C" PRIMARY KEY,
    owner_id TEXT,
    owner_name TEXT,
    scope TEXT NOT NULL,
    url TEXT NOT NULL,
    events_json TEXT NOT NULL,
    format TEXT NOT NULL,
    description TEXT NOT NULL,
    status TEXT NOT NULL,
    paused_reason TEXT,
    failing_since TEXT,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_secret_until TEXT,
    created_at TEXT COLLATE "C" NOT NULL,
    updated_at TEXT NOT NULL
  );

  CREATE TABLE push_devices (
    id TEXT COLLATE "C" PRIMARY KEY,
    -- '' in open mode: every device is everyone's.
    owner_id TEXT NOT NULL,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    user_agent TEXT,
    created_at TEXT COLLATE "C" NOT NULL,
    last_push_at TEXT
  );
  CREATE INDEX push_devices_by_owner ON push_devices (owner_id);

  -- The durable queue: one row per notice and target, attempted by one replica at a time.
  CREATE TABLE deliveries (
    id TEXT COLLATE "C" PRIMARY KEY,
    channel TEXT NOT NULL CHECK (channel IN ('webhook', 'push')),
    target_id TEXT NOT NULL,
    notice_id TEXT,
    message_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    entry_id TEXT,
    origin TEXT NOT NULL CHECK (origin IN ('event', 'test', 'redelivery')),
    payload_json TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempt_count INTEGER NOT NULL DEFAULT 0,
    created_at TEXT COLLATE "C" NOT NULL,
    first_attempt_at TEXT,
    next_attempt_at TEXT COLLATE "C",
    claimed_by TEXT,
    claimed_until TEXT COLLATE "C"
  );
  -- A notice reaches each target once, whichever replica turns it into deliveries.
  CREATE UNIQUE INDEX deliveries_once ON deliveries (channel, target_id, notice_id)
    WHERE origin = 'event';
  CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
  CREATE INDEX deliveries_by_target ON deliveries (target_id, created_at);

  CREATE TABLE delivery_attempts (
    delivery_id TEXT NOT NULL,
    n INTEGER NOT NULL,
    at TEXT NOT NULL,
    status_code INTEGER,
    duration_ms INTEGER NOT NULL,
    response_excerpt TEXT NOT NULL,
    error TEXT,
    PRIMARY KEY (delivery_id, n)
  );

  -- Each person's inbox: read up to a notice, and the ones read one by one after it.
  CREATE TABLE inbox_marks (owner_key TEXT COLLATE "C" PRIMARY KEY, read_through BIGINT NOT NULL);
  CREATE TABLE inbox_reads (
    owner_key TEXT NOT NULL,
    notice_seq BIGINT NOT NULL,
    PRIMARY KEY (owner_key, notice_seq)
  );

  -- The gateway's own keys (the VAPID pair of Web Push), made at first start.
  CREATE TABLE gateway_keys (name TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL);
  `,
  /* 7: usage counts and budgets, as SQLite's 10 */ usageMigration('postgres'),
];

/** The history's migrations on each engine (server/db). */
export const historyMigrationSet: Migrations = {
  component: 'history',
  sqlite: historyMigrations,
  postgres: historyPostgresMigrations,
};
