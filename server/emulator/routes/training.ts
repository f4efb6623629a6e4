import {
  getTrainingStatus,
  trainLoraMusic,
  trainLoraVideo,
  trainVoice,
} from '../../../src/api/contract/endpoints';
import { datasetKind } from '../../../src/api/contract/training';
import { findFile } from '../db/files-repo';
import {
  findTrainingJob,
  insertTrainingJob,
  toTrainingJob,
  type TrainingJobRecord,
} from '../db/training-jobs-repo';
import { trainingDurationMs, type TrainingKind } from '../env';
import { registerEndpoint } from '../http/endpoint-route';
import { invalidRequest, notFound } from '../http/errors';
import { nameConflict } from '../jobs/training-names';
import { startTrainingRunner } from '../jobs/training-runner';
import { newId, type Principal } from '../principal';
import type { RouteModule } from '../route-module';

/**
 * The training endpoints. Creation only records a queued job; the runner (jobs/) fetches
 * and checks the inputs, advances the steps and builds the asset. A status read also
 * advances its job, so it is right even between the runner's ticks.
 */
export const trainingRoutes: RouteModule = (app, deps) => {
  const { db, env, mediaStore, now } = deps;
  const runner = startTrainingRunner(deps);
  deps.onClose(() => runner.close());

  function queue(
    kind: TrainingKind,
    principal: Principal,
    input: { name: string } & Record<string, unknown>,
    inputCount: number,
  ): TrainingJobRecord {
    const conflict = nameConflict(db, principal, kind, input.name);
    if (conflict) throw invalidRequest(conflict);
    const at = now().toISOString();
    const record: TrainingJobRecord = {
      task_id: newId('train'),
      owner: principal.keyHash,
      stack: principal.stackId,
      kind,
      name: input.name,
      input,
      status: 'queued',
      progress: 0,
      current_step: null,
      total_steps: null,
      cost_estimate: null,
      total_cost: null,
      asset_media_id: null,
      error: null,
      inputs_summary: null,
      // Provisional: set again from the real input count once the inputs are checked.
      duration_ms: trainingDurationMs(kind, inputCount, env),
      created_at: at,
      started_at: null,
      updated_at: at,
      finished_at: null,
    };
    insertTrainingJob(db, record);
    return record;
  }

  registerEndpoint(app, trainVoice, ({ body, principal, traceId }) => {
    const job = queue('voice', principal, body, body.reference_urls.length);
    return {
      data: { task_id: job.task_id, name: job.name, voice_id: job.name, status: job.status },
      trace_id: traceId,
    };
  });

  for (const [endpoint, kind] of [
    [trainLoraMusic, 'music_lora'],
    [trainLoraVideo, 'video_lora'],
  ] as const) {
    registerEndpoint(app, endpoint, ({ body, principal, traceId }) => {
      // A file id is checked now, while the caller can still fix it; a URL only when fetched.
      if (datasetKind(body.dataset) === 'file_id' && !findFile(db, body.dataset, principal)) {
        throw invalidRequest(
          `dataset: no uploaded file with id "${body.dataset}" for this API key and stack; pass an http(s) URL to a zip archive or a file_id returned by POST /v1/files/upload`,
        );
      }
      const job = queue(kind, principal, body, 0);
      return {
        data: { task_id: job.task_id, name: job.name, status: job.status },
        trace_id: traceId,
      };
    });
  }

  registerEndpoint(app, getTrainingStatus, async ({ params, principal, origin }) => {
    const found = findTrainingJob(db, params.task_id, principal);
    if (!found) throw notFound(`No training job with id ${params.task_id}.`);
    const job = await runner.refresh(found);
    const assetUrl = job.asset_media_id ? mediaStore.urlFor(job.asset_media_id, origin) : null;
    // No trace_id, as in the spec's status examples; the X-Trace-Id header still carries it.
    return { data: toTrainingJob(job, assetUrl) };
  });
};
