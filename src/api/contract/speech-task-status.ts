// No zod here: the Speech page follows async tasks with this before any schema loads.

/** Polling stops on these; any other value, known or not, means "keep waiting". */
export function isTerminalSpeechTaskStatus(status: string): boolean {
  return status === 'completed' || status === 'failed';
}
