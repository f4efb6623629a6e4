// No zod here: the Sandbox page draws its form and lists with these at once; the form's schema
// (sandbox-form-schema.ts) loads when the form first validates.
import type { SandboxFormValues } from './sandbox-form-schema';

export type { SandboxFormValues };

export const sandboxFields = ['language', 'packages'] as const;

/** The form's labels, for the contract's messages that name these fields (field-labels.ts). */
export const sandboxFieldLabels = { language: 'Language', packages: 'Packages' } as const;

export const languageLabels: Record<SandboxFormValues['language'], string> = {
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
};
