import type { FilePurpose } from '../../api/contract/files';

export type DatasetForm = 'voice' | 'music' | 'video';

export const purposeLabels: Record<FilePurpose, string> = {
  'image-input': 'Image input',
  'video-input': 'Video input',
  'audio-input': 'Audio input',
  general: 'General',
};

const extensionTypes: Record<string, FilePurpose> = {
  wav: 'audio-input',
  mp3: 'audio-input',
  ogg: 'audio-input',
  flac: 'audio-input',
  m4a: 'audio-input',
  png: 'image-input',
  jpg: 'image-input',
  jpeg: 'image-input',
  webp: 'image-input',
  gif: 'image-input',
  mp4: 'video-input',
  mov: 'video-input',
  webm: 'video-input',
};

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * The purpose a file most likely has, from its MIME type, else its extension (browsers leave
 * `type` empty for formats they do not know). Anything else, archives included, is general.
 */
export function guessPurpose(file: { type: string; name: string }): FilePurpose {
  const type = file.type.toLowerCase();
  if (type.startsWith('audio/')) return 'audio-input';
  if (type.startsWith('image/')) return 'image-input';
  if (type.startsWith('video/')) return 'video-input';
  return extensionTypes[extensionOf(file.name)] ?? 'general';
}

function isZip(file: { filename: string; content_type?: string }): boolean {
  return file.content_type === 'application/zip' || extensionOf(file.filename) === 'zip';
}

/**
 * Which training form a file suits best: voice for audio, video for video (or a zip that says
 * it holds video), music otherwise. We cannot look inside an archive cheaply, so its name or
 * its purpose decides; the user can always pick another form.
 */
export function suggestDatasetForm(file: {
  filename: string;
  purpose: string;
  content_type?: string;
}): DatasetForm {
  if (file.purpose === 'audio-input') return 'voice';
  if (file.purpose === 'video-input') return 'video';
  if (file.content_type?.startsWith('video/')) return 'video';
  if (isZip(file) && /video|clip|mp4|mov/i.test(file.filename)) return 'video';
  return 'music';
}

export const datasetForms: { form: DatasetForm; label: string }[] = [
  { form: 'voice', label: 'Voice reference' },
  { form: 'music', label: 'Music LoRA' },
  { form: 'video', label: 'Video LoRA' },
];
