import type { TrainingJobRecord } from '../db/training-jobs-repo';
import type { EmulatorEnv, TrainingKind } from '../env';

/**
 * Steps and prices per kind (docs/api-decisions.md). A voice adapts a small speaker model in
 * few steps; a LoRA takes more. A video step costs twice a music step: it sees frames.
 */
export const trainingPlans: Record<TrainingKind, { totalSteps: number; pricePerStep: number }> = {
  voice: { totalSteps: 200, pricePerStep: 0.005 }, // $1.00 in all
  music_lora: { totalSteps: 1000, pricePerStep: 0.002 }, // $2.00
  video_lora: { totalSteps: 1000, pricePerStep: 0.004 }, // $4.00
};

// "Awaiting capacity" long enough to be seen once in the UI, short enough not to annoy.
const QUEUE_WAIT_MS = 2000;

/**
 * How long a job stays queued. With EMULATOR_TRAINING_SECONDS set (tests, quick demos) the
 * wait shrinks with the job, to at most a fifth of it, so a 0.3 s job is not held 2 s.
 */
export function queueWaitMs(env: Pick<EmulatorEnv, 'EMULATOR_TRAINING_SECONDS'>): number {
  const override = env.EMULATOR_TRAINING_SECONDS;
  return override === undefined ? QUEUE_WAIT_MS : Math.min(QUEUE_WAIT_MS, override * 200);
}

/** Money in dollars to 4 decimals, so step × price never prints as 0.30000000000000004. */
export const roundCost = (dollars: number) => Math.round(dollars * 10_000) / 10_000;

export interface TrainingSnapshot {
  current_step: number;
  progress: number;
  cost_estimate: number;
  /** The whole duration has elapsed: time to build the asset. */
  done: boolean;
}

/**
 * Where a running job (inputs checked) stands at `nowMs`: steps advance linearly over
 * duration_ms from started_at. Progress stops at 99 while running; 100 means completed.
 */
export function snapshotAt(job: TrainingJobRecord, nowMs: number): TrainingSnapshot {
  const { totalSteps, pricePerStep } = trainingPlans[job.kind];
  const elapsed = nowMs - Date.parse(job.started_at ?? job.created_at);
  const fraction = Math.min(1, Math.max(0, elapsed / Math.max(1, job.duration_ms)));
  const current_step = Math.floor(fraction * totalSteps);
  return {
    current_step,
    progress: Math.min(99, Math.floor(fraction * 100)),
    cost_estimate: roundCost(current_step * pricePerStep),
    done: fraction >= 1,
  };
}

export const totalCost = (kind: TrainingKind) =>
  roundCost(trainingPlans[kind].totalSteps * trainingPlans[kind].pricePerStep);
