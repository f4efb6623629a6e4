import { createSpeechTask, getSpeechTask } from '../../../src/api/contract/endpoints';
import { findSpeechTask, insertSpeechTask, toSpeechTask } from '../db/speech-tasks-repo';
import { registerEndpoint } from '../http/endpoint-route';
import { notFound } from '../http/errors';
import { newId } from '../principal';
import type { RouteModule } from '../route-module';
import { resolveSpeechVoice } from '../speech/resolve-voice';
import { createSpeechWorker, resumeSpeechTasks } from '../speech/speech-worker';
import { checkSpeechText } from '../speech/text-limit';
import { voiceServices } from '../voices/voice-services';

/**
 * `POST /v1/t2a/async` and `GET /v1/t2a/async/{task_id}` (our route for the result). The text
 * and voice are checked when the task is created, so a bad request is a 400 at once rather
 * than a task that fails later.
 */
export const speechTaskRoutes: RouteModule = (app, deps) => {
  const { db, mediaStore, now } = deps;
  const voices = voiceServices(deps);
  const worker = createSpeechWorker(deps, voices);
  resumeSpeechTasks(deps, worker);
  deps.onClose(() => worker.stop());

  registerEndpoint(app, createSpeechTask, ({ body, principal, traceId }) => {
    checkSpeechText(body.text);
    resolveSpeechVoice(db, voices.catalog, body.voice_id, principal);
    const at = now().toISOString();
    const task = {
      task_id: newId('tts'),
      owner: principal.keyHash,
      stack: principal.stackId,
      request: body,
      status: 'processing',
      media_id: null,
      format: null,
      sample_rate: null,
      duration_s: null,
      error: null,
      created_at: at,
      updated_at: at,
    };
    insertSpeechTask(db, task);
    worker.enqueue(task);
    return { data: { task_id: task.task_id, status: task.status }, trace_id: traceId };
  });

  registerEndpoint(app, getSpeechTask, ({ params, principal, traceId, origin }) => {
    const task = findSpeechTask(db, params.task_id, principal);
    if (!task) throw notFound(`No speech task with id ${params.task_id}.`);
    const url = task.media_id ? mediaStore.urlFor(task.media_id, origin) : null;
    return { data: toSpeechTask(task, url), trace_id: traceId };
  });
};
