// No zod here: every page's view of the gateway's history groups entries with this list.

/**
 * What was created. Training kinds keep the names the jobs board has always used
 * (`voice`, `music_lora`, `video_lora`).
 */
export const historyKinds = [
  'voice',
  'music_lora',
  'video_lora',
  'image',
  'video',
  'speech',
  'speech_async',
  'voice_extend',
  'upload',
  'sandbox',
] as const;

/** The jobs board's kinds: the training jobs. */
export const trainingHistoryKinds = ['voice', 'music_lora', 'video_lora'] as const;
export type TrainingHistoryKind = (typeof trainingHistoryKinds)[number];
export const isTrainingKind = (kind: (typeof historyKinds)[number]): kind is TrainingHistoryKind =>
  (trainingHistoryKinds as readonly string[]).includes(kind);

/** Each kind as the usage report and its charts name it. */
export const historyKindLabels: Record<(typeof historyKinds)[number], string> = {
  voice: 'Voice training',
  music_lora: 'Music LoRA training',
  video_lora: 'Video LoRA training',
  image: 'Image',
  video: 'Video',
  speech: 'Speech',
  speech_async: 'Speech (async)',
  voice_extend: 'Voice extend',
  upload: 'Upload',
  sandbox: 'Sandbox',
};
