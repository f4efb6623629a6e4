import type { ErrorDetail } from '../../../src/api/contract/common';
import type { SpeechTask } from '../../../src/api/contract/speech';
import type { Principal } from '../principal';
import type { EmulatorDb } from './database';
import { fromJson, toJson, updateColumns, statement } from './sql';

/** A row of `speech_tasks`, with its JSON columns parsed. */
export interface SpeechTaskRecord {
  task_id: string;
  owner: string;
  stack: string;
  /** The validated request body (text, voice_id, format, sample_rate). */
  request: Record<string, unknown>;
  status: string;
  media_id: string | null;
  format: string | null;
  sample_rate: number | null;
  duration_s: number | null;
  error: ErrorDetail | null;
  created_at: string;
  updated_at: string;
}

type SpeechTaskRow = Omit<SpeechTaskRecord, 'request' | 'error'> & {
  request_json: string;
  error_json: string | null;
};

function fromRow({ request_json, error_json, ...rest }: SpeechTaskRow): SpeechTaskRecord {
  return {
    ...rest,
    request: fromJson<Record<string, unknown>>(request_json) ?? {},
    error: fromJson<ErrorDetail>(error_json),
  };
}

export function insertSpeechTask(db: EmulatorDb, record: SpeechTaskRecord): void {
  const { request, error, ...rest } = record;
  statement(
    db,
    `INSERT INTO speech_tasks (task_id, owner, stack, request_json, status, media_id, format, sample_rate, duration_s, error_json, created_at, updated_at)
     VALUES (@task_id, @owner, @stack, @request_json, @status, @media_id, @format, @sample_rate, @duration_s, @error_json, @created_at, @updated_at)`,
  ).run({ ...rest, request_json: JSON.stringify(request), error_json: toJson(error) ?? null });
}

export function findSpeechTask(
  db: EmulatorDb,
  taskId: string,
  principal: Principal,
): SpeechTaskRecord | null {
  const row = statement<[string, string, string], SpeechTaskRow>(
    db,
    'SELECT * FROM speech_tasks WHERE task_id = ? AND owner = ? AND stack = ?',
  ).get(taskId, principal.keyHash, principal.stackId);
  return row ? fromRow(row) : null;
}

/** Tasks in a status, oldest first: for a worker picking up `processing` tasks after a restart. */
export function listSpeechTasksByStatus(db: EmulatorDb, status: string): SpeechTaskRecord[] {
  return statement<[string], SpeechTaskRow>(
    db,
    'SELECT * FROM speech_tasks WHERE status = ? ORDER BY created_at',
  )
    .all(status)
    .map(fromRow);
}

export type SpeechTaskPatch = Partial<
  Pick<
    SpeechTaskRecord,
    'status' | 'media_id' | 'format' | 'sample_rate' | 'duration_s' | 'error' | 'updated_at'
  >
>;

export function updateSpeechTask(db: EmulatorDb, taskId: string, patch: SpeechTaskPatch): boolean {
  const { error, ...columns } = patch;
  return updateColumns(
    db,
    'speech_tasks',
    { task_id: taskId },
    { ...columns, error_json: toJson(error) },
  );
}

/** The contract's speech task: result fields once completed, `error` once failed. */
export function toSpeechTask(record: SpeechTaskRecord, audioUrl: string | null): SpeechTask {
  return {
    task_id: record.task_id,
    status: record.status,
    ...(audioUrl !== null ? { audio_url: audioUrl } : {}),
    ...(record.format !== null ? { format: record.format } : {}),
    ...(record.sample_rate !== null ? { sample_rate: record.sample_rate } : {}),
    ...(record.duration_s !== null ? { duration_s: record.duration_s } : {}),
    ...(record.error !== null ? { error: record.error } : {}),
  };
}
