import { z } from './zod';
import { historyKinds } from './history-kinds';

/**
 * The parts of a history entry that other answers carry too (the inbox's notices, the usage
 * report): what kind it is and who started it. A module of their own, so that reading those
 * answers does not build the history's other schemas (./history.ts re-exports them).
 */
export const historyKindSchema = z.enum(historyKinds);
export type HistoryKind = z.infer<typeof historyKindSchema>;

/**
 * Who started an entry, when the gateway asks for sign-in: the user's id and display name, and
 * the personal access token's name when a script started it with one.
 */
export const historyStarterSchema = z.object({
  id: z.string(),
  name: z.string(),
  token: z.nullable(z.string()),
});
export type HistoryStarter = z.infer<typeof historyStarterSchema>;
