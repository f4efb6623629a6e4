// No zod here: the extend form and its reference check draw from these at once; the schema
// (extend-form-schema.ts) loads when the form first validates.
import type { ExtendFormValues } from './extend-form-schema';

export type { ExtendFormValues };

/** The spec recommends a reference of 5 to 30 seconds; outside that the request still goes. */
export const referenceRecommendedS = { min: 5, max: 30 } as const;

export const referenceSources = ['url', 'file'] as const;

export const extendDefaults: ExtendFormValues = {
  source: 'url',
  url: '',
  file: null,
  text: '',
  format: 'wav',
};

/** Whether a measured reference is inside the recommended length. */
export function referenceLengthWarning(durationS: number): string | null {
  if (durationS < referenceRecommendedS.min)
    return `This clip is shorter than the recommended ${referenceRecommendedS.min} s: the voice may match less well.`;
  if (durationS > referenceRecommendedS.max)
    return `This clip is longer than the recommended ${referenceRecommendedS.max} s.`;
  return null;
}

/** The form's labels, for the contract's messages that name the request's fields (field-labels.ts). */
export const extendFieldLabels = {
  reference_audio_url: 'Reference audio URL',
  text: 'Text to continue with',
  format: 'Format',
} as const;
