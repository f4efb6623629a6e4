// No zod here: the home page shows job statuses in the first chunk a visitor loads.
export const trainingStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type TrainingStatus = (typeof trainingStatuses)[number];

export const terminalTrainingStatuses = ['completed', 'failed', 'cancelled'] as const;
export type TerminalTrainingStatus = (typeof terminalTrainingStatuses)[number];

/** Polling stops on these. An unknown status is not terminal: keep polling rather than guess. */
export function isTerminalTrainingStatus(status: string): status is TerminalTrainingStatus {
  return (terminalTrainingStatuses as readonly string[]).includes(status);
}
