import { z } from 'zod';

export const speechTabs = ['speech', 'extend'] as const;

/** Speech's URL state: the open tab, and a voice chosen elsewhere ("Use for speech" on Voices). */
export const speechSearchSchema = z.object({
  tab: z.enum(speechTabs).default('speech').catch('speech'),
  voice: z.string().min(1).max(200).optional().catch(undefined),
});
export type SpeechSearch = z.infer<typeof speechSearchSchema>;
