import { z } from 'zod';
import { languageCodeSchema } from '../../api/contract/languages';
import { voiceScopes } from '../../api/contract/voices';

export const voiceSorts = ['name', 'usage'] as const;
export const voiceGenders = ['female', 'male', 'neutral'] as const;

/**
 * The Voices page's URL state: every filter is shareable and the back button walks through them.
 * Bad values fall back to defaults instead of breaking the page.
 */
export const voicesSearchSchema = z.object({
  scope: z.enum(voiceScopes).default('all').catch('all'),
  language: languageCodeSchema.optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  gender: z.enum(voiceGenders).optional().catch(undefined),
  tags: z.array(z.string().max(50)).max(20).optional().catch(undefined),
  sort: z.enum(voiceSorts).default('usage').catch('usage'),
});
export type VoicesSearch = z.infer<typeof voicesSearchSchema>;
