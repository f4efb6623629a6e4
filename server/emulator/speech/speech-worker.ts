import { t2aAsyncRequestSchema } from '../../../src/api/contract/speech';
import {
  listSpeechTasksByStatus,
  updateSpeechTask,
  type SpeechTaskRecord,
} from '../db/speech-tasks-repo';
import type { EmulatorDeps } from '../route-module';
import type { VoiceServices } from '../voices/voice-services';
import { findSpeechVoice } from './resolve-voice';
import { renderSpeech } from './speech-render';

export interface SpeechWorker {
  enqueue(task: SpeechTaskRecord): void;
  /** Finishes the task in progress (its result is stored), leaves the rest for the next start. */
  stop(): Promise<void>;
}

type Outcome =
  | {
      status: 'completed';
      media_id: string;
      format: string;
      sample_rate: number;
      duration_s: number;
    }
  | { status: 'failed'; error: { code: string; message: string } };

/**
 * Runs asynchronous speech tasks one at a time, in this process. A task is `processing` in the
 * database until it has a result, so tasks a crash interrupted are simply queued again when
 * the emulator starts (resumeSpeechTasks): none stays stuck.
 */
export function createSpeechWorker(deps: EmulatorDeps, voices: VoiceServices): SpeechWorker {
  const { db, mediaStore, now, logger } = deps;
  const queue: SpeechTaskRecord[] = [];
  let running: Promise<void> | null = null;
  let stopped = false;

  async function run(task: SpeechTaskRecord): Promise<Outcome> {
    // Parsed again with the contract's schema: a row from an older version still gets defaults.
    const parsed = t2aAsyncRequestSchema.safeParse(task.request);
    if (!parsed.success) {
      return {
        status: 'failed',
        error: { code: 'invalid_request', message: 'The stored request is not valid.' },
      };
    }
    const request = parsed.data;
    const principal = { keyHash: task.owner, stackId: task.stack };
    const voice = findSpeechVoice(db, voices.catalog, request.voice_id, principal);
    if (!voice) {
      const message = `voice_id: no voice named ${JSON.stringify(request.voice_id)} any more`;
      return { status: 'failed', error: { code: 'invalid_request', message } };
    }
    const { audio } = await renderSpeech({
      text: request.text,
      voice: voice.speech,
      speed: 1, // the async body has no speed field (docs/api-decisions.md)
      format: request.format,
      sampleRate: request.sample_rate,
    });
    const media = await mediaStore.put({
      bytes: audio.bytes,
      contentType: audio.contentType,
      filename: `speech-${task.task_id}.${audio.format}`,
    });
    voices.usage.record(task.owner, voice.voiceId);
    return {
      status: 'completed',
      media_id: media.id,
      format: audio.format,
      sample_rate: audio.sampleRate,
      duration_s: audio.durationMs / 1000,
    };
  }

  async function settle(task: SpeechTaskRecord): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await run(task);
    } catch (error) {
      logger.error('speech task failed', { task_id: task.task_id, error: String(error) });
      const message = 'The speech could not be synthesized.';
      outcome = { status: 'failed', error: { code: 'request_failed', message } };
    }
    updateSpeechTask(db, task.task_id, { ...outcome, updated_at: now().toISOString() });
  }

  async function drain(): Promise<void> {
    // A turn first: the request that queued the task gets its answer before synthesis starts.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (let task = queue.shift(); task && !stopped; task = queue.shift()) await settle(task);
    running = null;
  }

  return {
    enqueue(task) {
      if (stopped) return;
      queue.push(task);
      running ??= drain();
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Queues every task left `processing` by a previous run (crash, kill, restart). */
export function resumeSpeechTasks(deps: Pick<EmulatorDeps, 'db'>, worker: SpeechWorker): number {
  const tasks = listSpeechTasksByStatus(deps.db, 'processing');
  for (const task of tasks) worker.enqueue(task);
  return tasks.length;
}
