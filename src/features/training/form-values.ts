// No zod here: the training forms draw from these at once; their schemas (form-schemas.ts)
// load when a form first validates.
import type { LoraFormValues, VoiceFormValues } from './form-schemas';

export type { LoraFormValues, VoiceFormValues };

/** Non-empty trimmed lines: the reference URLs as pasted, one per line. */
export function urlLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The forms' labels, for the contract's messages that name these fields (field-labels.ts). */
export const trainingFieldLabels = {
  name: 'Name',
  display_name: 'Display name',
  reference_urls: 'Reference URLs',
  dataset: 'Dataset',
} as const;

export const voiceFormDefaults: VoiceFormValues = {
  display_name: '',
  name: '',
  urls: '',
  clips: [],
};

export const datasetSources = ['local', 'url', 'file_id'] as const;
export type DatasetSource = (typeof datasetSources)[number];

export const isZip = (file: File) => /\.zip$/i.test(file.name);

export function loraFormDefaults(fileId?: string): LoraFormValues {
  return {
    display_name: '',
    name: '',
    source: fileId ? 'file_id' : 'local',
    url: '',
    file_id: fileId ?? '',
    files: [],
  };
}

/** The dataset value the request carries for the URL and file-id sources. */
export function typedDataset(values: LoraFormValues): string | null {
  if (values.source === 'url') return values.url.trim();
  if (values.source === 'file_id') return values.file_id.trim();
  return null;
}
