import type { TrackedJobKind } from '../../../lib/tracked-jobs';

/** "voice training", "music LoRA training": how a start is named in messages. */
export const startLabels: Record<TrackedJobKind, string> = {
  voice: 'voice training',
  music_lora: 'music LoRA training',
  video_lora: 'video LoRA training',
};

/** The /train form a start of this kind belongs to. */
export const startForms = { voice: 'voice', music_lora: 'music', video_lora: 'video' } as const;
