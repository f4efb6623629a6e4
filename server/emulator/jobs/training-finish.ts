import { findCustomVoice, upsertCustomVoice } from '../db/custom-voices-repo';
import { updateTrainingJob, type TrainingJobRecord } from '../db/training-jobs-repo';
import type { Principal } from '../principal';
import type { EmulatorDeps } from '../route-module';
import type { LoraInputsSummary } from './check-lora-dataset';
import type { VoiceInputsSummary } from './check-voice-references';
import { buildLoraAdapter } from './lora-artifact';
import { TrainingFailure } from './training-failure';
import { totalCost, trainingPlans } from './training-plan';
import { buildVoiceArtifact } from './voice-artifact';

export const ownerOf = (job: TrainingJobRecord): Principal => ({
  keyHash: job.owner,
  stackId: job.stack,
});

function completedPatch(job: TrainingJobRecord, assetMediaId: string, at: string) {
  const cost = totalCost(job.kind);
  return {
    status: 'completed',
    progress: 100,
    current_step: trainingPlans[job.kind].totalSteps,
    cost_estimate: cost,
    total_cost: cost,
    asset_media_id: assetMediaId,
    finished_at: at,
    updated_at: at,
  };
}

function nameTaken(name: string): TrainingFailure {
  return new TrainingFailure(
    'name_taken',
    `name: voice_id "${name}" was taken by another custom voice of this key and stack while the job ran; train again under another name`,
  );
}

/**
 * Builds the trained asset and marks the job completed. A voice also enters the catalog:
 * one transaction writes the custom voice and the completion, so neither exists alone.
 * `isOpen` turns false when the emulator closes; then nothing more is written.
 */
export async function finishTrainingJob(
  job: TrainingJobRecord,
  deps: Pick<EmulatorDeps, 'db' | 'mediaStore' | 'now'>,
  isOpen: () => boolean,
): Promise<void> {
  const { db, mediaStore, now } = deps;
  if (job.kind !== 'voice') {
    const adapter = buildLoraAdapter(job.name, job.inputs_summary as unknown as LoraInputsSummary);
    const asset = await mediaStore.put({
      bytes: adapter,
      contentType: 'application/octet-stream',
      filename: `${job.name}.safetensors`,
    });
    if (isOpen())
      updateTrainingJob(db, job.task_id, completedPatch(job, asset.id, now().toISOString()));
    return;
  }

  const summary = job.inputs_summary as unknown as VoiceInputsSummary;
  if (findCustomVoice(db, job.name, ownerOf(job))) throw nameTaken(job.name);
  const artifact = await buildVoiceArtifact(job, summary, now().toISOString());
  if (!isOpen()) return;
  const preview = await mediaStore.put({
    bytes: artifact.preview,
    contentType: 'audio/mpeg',
    filename: `${job.name}-preview.mp3`,
  });
  const asset = await mediaStore.put({
    bytes: artifact.zip,
    contentType: 'application/zip',
    filename: `${job.name}.zip`,
  });
  if (!isOpen()) return;
  const at = now().toISOString();
  db.transaction(() => {
    // Checked again: a clone or design may have saved this voice_id during the awaits above.
    if (findCustomVoice(db, job.name, ownerOf(job))) throw nameTaken(job.name);
    upsertCustomVoice(db, {
      voice_id: job.name,
      owner: job.owner,
      stack: job.stack,
      name: job.name,
      description: artifact.description,
      language: summary.voice.language,
      gender: summary.voice.gender,
      preview_media_id: preview.id,
      voice_params: { ...summary.voice.speech },
      source_task_id: job.task_id,
      created_at: at,
    });
    updateTrainingJob(db, job.task_id, completedPatch(job, asset.id, at));
  })();
}
