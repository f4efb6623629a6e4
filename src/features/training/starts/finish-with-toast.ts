import { toast } from '../../../lib/toast';
import type { StartCreated } from './create-job';
import { resumeStart, runStart, StartBusyError } from './run-start';
import { startLabels } from './start-labels';
import { updateStart, type TrainingStart } from './start-store';

export interface FinishCallbacks {
  onOpenJob: (taskId: string) => void;
  onOpenDrafts: () => void;
}

/**
 * Finishes a start while a toast says so, with a Cancel action: the start was the user's
 * decision, and this is it being carried out. `resume` waits for any other tab working on it.
 */
export async function finishWithToast(
  start: TrainingStart,
  mode: 'resume' | 'again',
  callbacks: FinishCallbacks,
): Promise<StartCreated | null> {
  const controller = new AbortController();
  const what = startLabels[start.kind];
  const id = `start-${start.id}`;
  const show = () =>
    toast.loading(`Finishing the ${what} “${start.name}” you started`, {
      id,
      description:
        start.files.length > 0
          ? 'Uploading what was not uploaded yet, then creating the job.'
          : 'Creating the job.',
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Cancel', onClick: () => controller.abort() },
    });
  try {
    // The toast shows once this tab holds the start, not while another tab (or click) does.
    const options = { signal: controller.signal, onBegin: show };
    const created =
      mode === 'resume' ? await resumeStart(start.id, options) : await runStart(start, options);
    if (!created) return null;
    toast.success(`The ${what} “${created.name}” started`, {
      id,
      description: created.task_id,
      duration: 8_000,
      action: { label: 'Open', onClick: () => callbacks.onOpenJob(created.task_id) },
    });
    return created;
  } catch (error) {
    // Already on its way from another tab or an earlier click: that one reports it.
    if (error instanceof StartBusyError) return null;
    const message = error instanceof Error ? error.message : String(error);
    // Whatever stopped it, the user decides what happens next: it waits on the Train page.
    await updateStart(start.id, (s) => ({
      ...s,
      state: 'draft',
      problem: s.problem ?? message,
    })).catch(() => null);
    toast.error(`The ${what} “${start.name}” was not started`, {
      id,
      description: controller.signal.aborted
        ? 'Cancelled. It is kept on the Train page, where you can start it again or discard it.'
        : `${message} It is kept on the Train page.`,
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Open Train', onClick: callbacks.onOpenDrafts },
    });
    return null;
  }
}
