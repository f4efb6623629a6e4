import { finishWithToast, type FinishCallbacks } from './finish-with-toast';
import { listStarts } from './start-store';

/** Finishes every start left `starting` by an earlier page, each once no other tab holds it. */
export async function resumeAll(navigation: FinishCallbacks, stopped: () => boolean) {
  for (const start of await listStarts()) {
    if (stopped() || start.state !== 'starting') continue;
    void finishWithToast(start, 'resume', navigation);
  }
}
