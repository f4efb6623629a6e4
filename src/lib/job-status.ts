import { trainingStatuses } from '../api/contract/training-statuses';
import type { TrackedJob, TrackedJobKind } from './tracked-jobs';

/** Our own marker, not an API status: the service answered 404 for this task id. */
export const unknownStatus = 'unknown';

export const boardStatuses = [...trainingStatuses, unknownStatus] as const;
export type BoardStatus = (typeof boardStatuses)[number];

export const kindLabels: Record<TrackedJobKind, string> = {
  voice: 'Voice',
  music_lora: 'Music LoRA',
  video_lora: 'Video LoRA',
};

export const statusLabels: Record<BoardStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unknown: 'Unknown',
};

/** A job just created has no reading yet; creation always answers `queued`. */
export function jobStatus(job: TrackedJob): string {
  return job.snapshots.at(-1)?.status ?? 'queued';
}

/** Where a job sits on the board. A status the API adds later lands under "Unknown", shown as is. */
export function boardStatus(status: string): BoardStatus {
  return (boardStatuses as readonly string[]).includes(status)
    ? (status as BoardStatus)
    : unknownStatus;
}
