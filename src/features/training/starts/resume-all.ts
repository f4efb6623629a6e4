import type { FinishCallbacks } from './finish-with-toast';
import { listStarts } from './start-store';

/**
 * Finishes every start left `starting` by an earlier page, each once no other tab holds it.
 * The code that finishes one (uploads, the job's creation, its toasts) loads only when there is
 * one: most page loads have none, and the start store alone answers that.
 */
export async function resumeAll(navigation: FinishCallbacks, stopped: () => boolean) {
  const pending = (await listStarts()).filter((start) => start.state === 'starting');
  if (pending.length === 0 || stopped()) return;
  const { finishWithToast } = await import('./finish-with-toast');
  for (const start of pending) {
    if (stopped()) return;
    void finishWithToast(start, 'resume', navigation);
  }
}
