import type { FilePurpose } from '../../api/contract/files';
import { extensionOf } from '../../lib/file-purpose';

export type DatasetForm = 'voice' | 'music' | 'video';

export const purposeLabels: Record<FilePurpose, string> = {
  'image-input': 'Image input',
  'video-input': 'Video input',
  'audio-input': 'Audio input',
  general: 'General',
};

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
