import type { FieldErrors, FieldValues } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { sandboxFormSchema } from '../features/sandbox/sandbox-form-schema';
import { sandboxFieldLabels } from '../features/sandbox/sandbox-form-values';
import { extendFormSchema } from '../features/speech/extend-form-schema';
import { extendFieldLabels } from '../features/speech/extend-form-values';
import { speechFormSchema } from '../features/speech/speech-form-schema';
import { speechFieldLabels } from '../features/speech/speech-form-values';
import { loraFormSchema, voiceFormSchema } from '../features/training/form-schemas';
import { trainingFieldLabels } from '../features/training/form-values';
import type { FieldLabels } from '../lib/field-labels';
import { lazyZodResolver } from '../lib/lazy-resolver';

/** Every message of a refused form, nested fields included. */
function messages(errors: FieldErrors): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (key === 'ref' || typeof value !== 'object' || value === null) return [];
    const own = typeof value.message === 'string' ? [value.message] : [];
    return [...own, ...messages(value as FieldErrors)];
  });
}

async function refusal<T extends FieldValues>(
  schema: ZodType<T, T>,
  labels: FieldLabels,
  values: unknown,
) {
  const resolver = lazyZodResolver(async () => schema, labels);
  const result = await resolver(values as T, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return messages(result.errors as FieldErrors);
}

// Each form filled as badly as it can be: every field refused, each with the contract's message.
const forms = [
  {
    form: 'speech',
    schema: speechFormSchema,
    labels: speechFieldLabels,
    values: { text: '', voice_id: '', speed: 9, format: 'flac', sample_rate: 1, mode: 'sync' },
  },
  {
    form: 'speech, a text too long',
    schema: speechFormSchema,
    labels: speechFieldLabels,
    values: { text: 'a'.repeat(5001), voice_id: 'en_aria', speed: 1, format: 'mp3' },
  },
  {
    form: 'extend',
    schema: extendFormSchema,
    labels: extendFieldLabels,
    values: { source: 'url', url: 'ftp://x', file: null, text: '', format: 'flac' },
  },
  {
    form: 'custom voice',
    schema: voiceFormSchema,
    labels: trainingFieldLabels,
    values: { display_name: 'x'.repeat(201), name: 'Bad-Name', urls: 'nope', clips: [] },
  },
  {
    form: 'LoRA',
    schema: loraFormSchema,
    labels: trainingFieldLabels,
    values: { display_name: '', name: '', source: 'url', url: '', file_id: '', files: [] },
  },
  {
    form: 'sandbox',
    schema: sandboxFormSchema,
    labels: sandboxFieldLabels,
    values: { language: 'cobol', packages: [''] },
  },
];

describe('form messages', () => {
  it.each(forms)(
    'the $form form names its fields by their labels, never by API field names',
    async ({ schema, labels, values }) => {
      const said = await refusal(
        schema as unknown as ZodType<FieldValues, FieldValues>,
        labels,
        values,
      );
      expect(said.length).toBeGreaterThan(0);
      for (const message of said) {
        for (const field of Object.keys(labels)) {
          // `voice_id` nowhere; a plain word such as `name` not as the subject, where the
          // label (`Name`) goes.
          const apiName = /[_.]/.test(field)
            ? new RegExp(`\\b${field.replace('.', '\\.')}\\b`)
            : new RegExp(`^${field}\\b`);
          expect(message, `"${message}" names ${field}`).not.toMatch(apiName);
        }
      }
    },
  );
});
