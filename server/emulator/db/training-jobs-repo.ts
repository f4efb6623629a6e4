import type { ErrorDetail } from '../../../src/api/contract/common';
import type { TrainingJob } from '../../../src/api/contract/training';
import type { TrainingKind } from '../env';
import type { Principal } from '../principal';
import type { EmulatorDb } from './database';
import { RecordCache } from './record-cache';
import { fromJson, toJson, updateColumns, statement } from './sql';

/** A row of `training_jobs`, with its JSON columns parsed. */
export interface TrainingJobRecord {
  task_id: string;
  owner: string;
  stack: string;
  kind: TrainingKind;
  name: string;
  /** The validated request body. */
  input: Record<string, unknown>;
  status: string;
  progress: number;
  current_step: number | null;
  total_steps: number | null;
  cost_estimate: number | null;
  total_cost: number | null;
  asset_media_id: string | null;
  error: ErrorDetail | null;
  /** What the runner learned about the dataset (clip count, durations…), for the asset. */
  inputs_summary: Record<string, unknown> | null;
  duration_ms: number;
  created_at: string;
  started_at: string | null;
  updated_at: string;
  finished_at: string | null;
}

type JsonFields = 'input' | 'error' | 'inputs_summary';
type TrainingJobRow = Omit<TrainingJobRecord, JsonFields> & {
  input_json: string;
  error_json: string | null;
  inputs_summary_json: string | null;
};

function fromRow(row: TrainingJobRow): TrainingJobRecord {
  const { input_json, error_json, inputs_summary_json, ...rest } = row;
  return {
    ...rest,
    input: fromJson<Record<string, unknown>>(input_json) ?? {},
    error: fromJson<ErrorDetail>(error_json),
    inputs_summary: fromJson<Record<string, unknown>>(inputs_summary_json),
  };
}

// Clients poll a job's status every second or so, each poll reading its row again.
const jobs = new RecordCache<TrainingJobRecord>(1_000);

export function insertTrainingJob(db: EmulatorDb, record: TrainingJobRecord): void {
  const { input, error, inputs_summary, ...rest } = record;
  jobs.forget(db, record.task_id);
  statement(
    db,
    `INSERT INTO training_jobs (task_id, owner, stack, kind, name, input_json, status, progress,
       current_step, total_steps, cost_estimate, total_cost, asset_media_id, error_json,
       inputs_summary_json, duration_ms, created_at, started_at, updated_at, finished_at)
     VALUES (@task_id, @owner, @stack, @kind, @name, @input_json, @status, @progress,
       @current_step, @total_steps, @cost_estimate, @total_cost, @asset_media_id, @error_json,
       @inputs_summary_json, @duration_ms, @created_at, @started_at, @updated_at, @finished_at)`,
  ).run({
    ...rest,
    input_json: JSON.stringify(input),
    error_json: toJson(error) ?? null,
    inputs_summary_json: toJson(inputs_summary) ?? null,
  });
}

export function findTrainingJob(
  db: EmulatorDb,
  taskId: string,
  principal: Principal,
): TrainingJobRecord | null {
  const job = jobs.get(db, taskId) ?? readTrainingJob(db, taskId);
  return job && job.owner === principal.keyHash && job.stack === principal.stackId ? job : null;
}

/** By task id alone, so the record can be kept for any principal that asks (only its own matches). */
function readTrainingJob(db: EmulatorDb, taskId: string): TrainingJobRecord | undefined {
  const row = statement<[string], TrainingJobRow>(
    db,
    'SELECT * FROM training_jobs WHERE task_id = ?',
  ).get(taskId);
  return row && jobs.remember(db, taskId, fromRow(row));
}

/** Jobs still queued or running, oldest first: what a job runner resumes after a restart. */
export function listActiveTrainingJobs(db: EmulatorDb): TrainingJobRecord[] {
  return statement<[], TrainingJobRow>(
    db,
    "SELECT * FROM training_jobs WHERE status IN ('queued', 'running') ORDER BY created_at",
  )
    .all()
    .map(fromRow);
}

/**
 * The principal's job of this kind that holds `name`: queued, running or completed (a failed
 * or cancelled job frees its name). Newest first if several do. Also how generation finds a
 * trained LoRA by its `lora_name` (status 'completed').
 */
export function findJobHoldingName(
  db: EmulatorDb,
  principal: Principal,
  kind: TrainingKind,
  name: string,
): TrainingJobRecord | null {
  const row = statement<[string, string, string, string], TrainingJobRow>(
    db,
    `SELECT * FROM training_jobs WHERE owner = ? AND stack = ? AND kind = ? AND name = ?
         AND status IN ('queued', 'running', 'completed')
       ORDER BY created_at DESC LIMIT 1`,
  ).get(principal.keyHash, principal.stackId, kind, name);
  return row ? fromRow(row) : null;
}

export type TrainingJobPatch = Partial<Omit<TrainingJobRecord, 'task_id' | 'owner' | 'stack'>>;

export function updateTrainingJob(
  db: EmulatorDb,
  taskId: string,
  patch: TrainingJobPatch,
): boolean {
  const { input, error, inputs_summary, ...columns } = patch;
  jobs.forget(db, taskId);
  return updateColumns(
    db,
    'training_jobs',
    { task_id: taskId },
    {
      ...columns,
      input_json: toJson(input),
      error_json: toJson(error),
      inputs_summary_json: toJson(inputs_summary),
    },
  );
}

/**
 * The contract's training job, with only the fields of its state (spec, "Training job"):
 * steps and estimate while running, cost and asset when completed, error when failed. Never
 * `voice_id`: the spec shows it on the voice-training creation response only.
 */
export function toTrainingJob(record: TrainingJobRecord, assetUrl: string | null): TrainingJob {
  const job: TrainingJob = {
    task_id: record.task_id,
    name: record.name,
    status: record.status,
    progress: record.progress,
  };
  if (record.status === 'running') {
    if (record.current_step !== null) job.current_step = record.current_step;
    if (record.total_steps !== null) job.total_steps = record.total_steps;
    if (record.cost_estimate !== null) job.cost_estimate = record.cost_estimate;
  }
  if (record.status === 'completed') {
    if (record.total_cost !== null) job.total_cost = record.total_cost;
    if (assetUrl !== null) job.asset_url = assetUrl;
  }
  if (record.status === 'failed' && record.error !== null) job.error = record.error;
  return job;
}
