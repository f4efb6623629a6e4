import {
  loraTrainingRequestSchema,
  voiceTrainingRequestSchema,
} from '../../../src/api/contract/training';
import {
  findTrainingJob,
  listActiveTrainingJobs,
  updateTrainingJob,
  type TrainingJobRecord,
} from '../db/training-jobs-repo';
import { trainingDurationMs } from '../env';
import type { EmulatorDeps } from '../route-module';
import { checkLoraDataset } from './check-lora-dataset';
import { checkVoiceReferences } from './check-voice-references';
import { TrainingFailure } from './training-failure';
import { finishTrainingJob, ownerOf } from './training-finish';
import { queueWaitMs, snapshotAt, trainingPlans } from './training-plan';

export interface TrainingRunner {
  /**
   * The job brought up to date with the clock, so a status read is right between ticks. It
   * waits for the asset to be built (local work) but never for an input check (remote).
   */
  refresh(job: TrainingJobRecord): Promise<TrainingJobRecord>;
  /** Stops the timer and waits for assets being built; input checks in flight are dropped. */
  close(): Promise<void>;
}

// Often enough that a 0.3 s test job or a 45 s demo job moves smoothly; a tick is one
// indexed query plus a write per active job.
const TICK_MS = 250;

/**
 * Drives training jobs through queued → running (inputs checked, then steps over time) →
 * completed | failed. All state is in training_jobs, so a restart resumes where it was: a
 * running job without an inputs summary had its check interrupted and checks again.
 */
export function startTrainingRunner(deps: EmulatorDeps): TrainingRunner {
  const { db, env, logger, mediaStore, now } = deps;
  const inFlight = new Map<string, Promise<void>>();
  let open = true;
  const isOpen = () => open;

  const reload = (job: TrainingJobRecord) => findTrainingJob(db, job.task_id, ownerOf(job));
  const active = (job: TrainingJobRecord | null) =>
    job !== null && (job.status === 'queued' || job.status === 'running');

  /** Records why a job failed. Never throws: it runs in a catch of background work. */
  function fail(job: TrainingJobRecord, error: unknown): void {
    try {
      if (!open || !active(reload(job))) return;
      const known = error instanceof TrainingFailure;
      if (!known)
        logger.error('training job crashed', { task_id: job.task_id, error: String(error) });
      const failure = known
        ? error
        : new TrainingFailure(
            'training_failed',
            'The emulator hit an internal error while training; create the job again.',
          );
      const at = now().toISOString();
      updateTrainingJob(db, job.task_id, {
        status: 'failed',
        error: { code: failure.code, message: failure.message },
        finished_at: at,
        updated_at: at,
      });
      logger.info('training job failed', { task_id: job.task_id, code: failure.code });
    } catch (cause) {
      logger.error('could not record a training failure', {
        task_id: job.task_id,
        error: String(cause),
      });
    }
  }

  /** Runs one piece of work per job and phase at a time; failures fail the job. */
  function once(job: TrainingJobRecord, phase: 'check' | 'finish', work: () => Promise<void>) {
    const key = `${job.task_id}:${phase}`;
    let promise = inFlight.get(key);
    if (!promise) {
      promise = work()
        .catch((error: unknown) => fail(job, error))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
    }
    return promise;
  }

  async function checkInputs(job: TrainingJobRecord): Promise<void> {
    const summary =
      job.kind === 'voice'
        ? await checkVoiceReferences(
            voiceTrainingRequestSchema.parse(job.input).reference_urls,
            mediaStore,
          )
        : await checkLoraDataset(
            job.kind,
            loraTrainingRequestSchema.parse(job.input).dataset,
            ownerOf(job),
            deps,
          );
    const current = open ? reload(job) : null;
    if (current?.status !== 'running' || current.inputs_summary !== null) return;
    const nowMs = now().getTime();
    // Training time starts once the inputs are known good; the check itself counts too.
    const checkMs = Math.max(0, nowMs - Date.parse(current.started_at ?? current.created_at));
    updateTrainingJob(db, job.task_id, {
      inputs_summary: { ...summary },
      duration_ms: checkMs + trainingDurationMs(job.kind, summary.count, env),
      updated_at: new Date(nowMs).toISOString(),
    });
  }

  async function finish(job: TrainingJobRecord): Promise<void> {
    const current = reload(job);
    if (current?.status !== 'running') return;
    await finishTrainingJob(current, deps, isOpen);
    logger.info('training job completed', { task_id: job.task_id, kind: job.kind });
  }

  /** Applies what the clock says (synchronously) and starts the async work that is due. */
  function advance(record: TrainingJobRecord): {
    job: TrainingJobRecord;
    finishing?: Promise<void>;
  } {
    let job = record;
    const nowMs = now().getTime();
    if (job.status === 'queued') {
      const startMs = Date.parse(job.created_at) + queueWaitMs(env);
      if (nowMs < startMs) return { job };
      const patch = {
        status: 'running',
        // The moment it was due, not when a tick noticed: a restart does not shift timing.
        started_at: new Date(startMs).toISOString(),
        progress: 0,
        current_step: 0,
        total_steps: trainingPlans[job.kind].totalSteps,
        cost_estimate: 0,
        updated_at: new Date(nowMs).toISOString(),
      };
      updateTrainingJob(db, job.task_id, patch);
      job = { ...job, ...patch };
    }
    if (job.status !== 'running') return { job };
    if (job.inputs_summary === null) {
      void once(job, 'check', () => checkInputs(job));
      return { job };
    }
    const { done, ...snapshot } = snapshotAt(job, nowMs);
    if (snapshot.current_step !== job.current_step || snapshot.progress !== job.progress) {
      const patch = { ...snapshot, updated_at: new Date(nowMs).toISOString() };
      updateTrainingJob(db, job.task_id, patch);
      job = { ...job, ...patch };
    }
    return done ? { job, finishing: once(job, 'finish', () => finish(job)) } : { job };
  }

  function tick() {
    if (!open) return;
    try {
      for (const job of listActiveTrainingJobs(db)) advance(job);
    } catch (error) {
      logger.error('training runner tick failed', { error: String(error) });
    }
  }

  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  // Resume interrupted jobs now rather than a tick later.
  setImmediate(tick);

  return {
    async refresh(record) {
      if (!active(record)) return record;
      const { job, finishing } = advance(record);
      if (!finishing) return job;
      await finishing;
      return reload(job) ?? job;
    },
    async close() {
      open = false;
      clearInterval(timer);
      const finishing = [...inFlight].filter(([key]) => key.endsWith(':finish'));
      await Promise.allSettled(finishing.map(([, promise]) => promise));
    },
  };
}
