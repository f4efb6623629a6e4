import { z } from 'zod';

export const generateTabs = ['image', 'video'] as const;

/** The Generate page's URL state: which tab is open survives reload and sharing. */
export const generateSearchSchema = z.object({
  tab: z.enum(generateTabs).default('image').catch('image'),
});
export type GenerateSearch = z.infer<typeof generateSearchSchema>;
