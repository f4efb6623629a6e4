/**
 * Schema migrations, applied in order; `PRAGMA user_version` records how many have run.
 * Append new migrations at the end and never edit one that has shipped: existing data dirs
 * have already run it.
 *
 * Conventions:
 * - `owner` is the sha256 (hex) of the API key, never the key itself.
 * - `stack` is the X-Stack-Id the resource was created with, or '' when none was sent
 *   (NULL would make unique constraints and equality lookups miss).
 * - Timestamps are ISO 8601 UTC text (`2025-03-01T12:00:00.000Z`), as the API returns them.
 * - `*_json` columns hold JSON text; repositories parse them.
 * - Media bytes live on disk under the data dir; `media.storage_path` is relative to it.
 */
export const migrations: readonly string[] = [
  /* 1: every resource of the spec */ `
  CREATE TABLE media (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('image', 'audio', 'video', 'other')),
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL CHECK (size >= 0),
    sha256 TEXT NOT NULL,
    storage_path TEXT NOT NULL,
    filename TEXT,
    created_at TEXT NOT NULL
  );

  CREATE TABLE files (
    file_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    stack TEXT NOT NULL DEFAULT '',
    filename TEXT NOT NULL,
    size INTEGER NOT NULL CHECK (size >= 0),
    purpose TEXT NOT NULL,
    content_type TEXT NOT NULL,
    media_id TEXT NOT NULL REFERENCES media(id),
    created_at TEXT NOT NULL
  );
  CREATE INDEX files_by_owner ON files (owner, stack, created_at);

  CREATE TABLE sandboxes (
    sandbox_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    stack TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL,
    packages_json TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX sandboxes_by_owner ON sandboxes (owner, stack, created_at);

  CREATE TABLE idempotency (
    owner TEXT NOT NULL,
    endpoint TEXT NOT NULL,
    key TEXT NOT NULL,
    response_json TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (owner, endpoint, key)
  );

  CREATE TABLE generations (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    stack TEXT NOT NULL DEFAULT '',
    endpoint TEXT NOT NULL,
    tool TEXT NOT NULL,
    prompt TEXT NOT NULL,
    parameters_json TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL,
    outputs_json TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL
  );
  CREATE INDEX generations_by_owner ON generations (owner, stack, created_at);

  CREATE TABLE speech_tasks (
    task_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    stack TEXT NOT NULL DEFAULT '',
    request_json TEXT NOT NULL,
    status TEXT NOT NULL,
    media_id TEXT REFERENCES media(id),
    format TEXT,
    sample_rate INTEGER,
    duration_s REAL,
    error_json TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX speech_tasks_by_status ON speech_tasks (status);

  CREATE TABLE training_jobs (
    task_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    stack TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL CHECK (kind IN ('voice', 'music_lora', 'video_lora')),
    name TEXT NOT NULL,
    input_json TEXT NOT NULL,
    status TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    current_step INTEGER,
    total_steps INTEGER,
    cost_estimate REAL,
    total_cost REAL,
    asset_media_id TEXT REFERENCES media(id),
    error_json TEXT,
    inputs_summary_json TEXT,
    duration_ms INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    started_at TEXT,
    updated_at TEXT NOT NULL,
    finished_at TEXT
  );
  CREATE INDEX training_jobs_by_status ON training_jobs (status);
  CREATE INDEX training_jobs_by_owner ON training_jobs (owner, stack, created_at);

  CREATE TABLE custom_voices (
    voice_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    stack TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL,
    gender TEXT NOT NULL,
    preview_media_id TEXT REFERENCES media(id),
    voice_params_json TEXT NOT NULL DEFAULT '{}',
    source_task_id TEXT REFERENCES training_jobs(task_id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (owner, stack, voice_id)
  );

  CREATE TABLE voice_usage (
    voice_id TEXT NOT NULL,
    owner TEXT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, voice_id)
  );
  `,
  /* 2: media the emulator renders for its own catalog (voice previews), see catalog-assets-repo */ `
  CREATE TABLE catalog_assets (
    key TEXT PRIMARY KEY,
    media_id TEXT NOT NULL REFERENCES media(id),
    created_at TEXT NOT NULL
  );
  `,
];
