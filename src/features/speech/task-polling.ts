import type { T2aAsyncResultResponse } from '../../api/contract/speech';
import { isTerminalSpeechTaskStatus } from '../../api/contract/speech-task-status';

/** Speech renders in about 2 s for the longest text, so once a second shows it promptly. */
export const speechTaskPollMs = 1000;

/**
 * React Query's refetchInterval for a speech task: poll while it runs, stop once it has
 * finished or the last poll failed (the error is shown; Retry polls again).
 */
export function speechTaskRefetchInterval(query: {
  state: { status: 'pending' | 'error' | 'success'; data?: T2aAsyncResultResponse };
}): number | false {
  if (query.state.status === 'error') return false;
  const status = query.state.data?.data.status;
  if (status !== undefined && isTerminalSpeechTaskStatus(status)) return false;
  return speechTaskPollMs;
}
