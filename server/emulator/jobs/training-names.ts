import { defaultVoiceId, voiceSeeds } from '../catalog/voice-seed';
import type { EmulatorDb } from '../db/database';
import { findCustomVoice } from '../db/custom-voices-repo';
import { findJobHoldingName } from '../db/training-jobs-repo';
import type { TrainingKind } from '../env';
import type { Principal } from '../principal';

const kindNames: Record<TrainingKind, string> = {
  voice: 'voice',
  music_lora: 'music LoRA',
  video_lora: 'video LoRA',
};

// 'default' is what /v1/t2a uses when no voice_id is given: a custom voice must not shadow it.
const builtInVoiceIds = new Set([
  'default',
  defaultVoiceId,
  ...voiceSeeds.map((seed) => seed.voice_id),
]);

/**
 * Why `name` cannot be trained now, or null. Names are permanent identifiers (a voice_id, a
 * lora_name), so a name in use is refused rather than silently replaced: by a job of the
 * same kind that is queued, running or completed, and for voices by any voice of the
 * catalog this key and stack can use. Each kind is its own namespace.
 */
export function nameConflict(
  db: EmulatorDb,
  principal: Principal,
  kind: TrainingKind,
  name: string,
): string | null {
  const holder = findJobHoldingName(db, principal, kind, name);
  if (holder && holder.status !== 'completed') {
    return `name: "${name}" is already being trained (${holder.task_id} is ${holder.status}); wait for it to finish or choose another name`;
  }
  if (holder) {
    return `name: a ${kindNames[kind]} named "${name}" already exists (${holder.task_id}); names are permanent, choose another name`;
  }
  if (kind !== 'voice') return null;
  if (builtInVoiceIds.has(name)) {
    return `name: "${name}" is the voice_id of a built-in voice; choose another name`;
  }
  if (findCustomVoice(db, name, principal)) {
    return `name: "${name}" is already the voice_id of a custom voice of this key and stack; voice ids are permanent, choose another name`;
  }
  return null;
}
