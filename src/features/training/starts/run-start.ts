import { clientErrorCodes, isApiError } from '../../../api/api-error';
import { gatewayMode, listTrackedJobs } from '../../../lib/tracked-jobs';
import { addTrackedJob } from '../../../lib/tracked-jobs-writes';
import { createJob, type StartCreated, type Upload } from './create-job';
import {
  deleteStart,
  getStart,
  putStart,
  saveStart,
  updateStart,
  type TrainingStart,
} from './start-store';

export interface RunOptions {
  /** The page's upload, which shows progress; by default a plain one. */
  upload?: Upload;
  signal?: AbortSignal;
  /** Called once this tab holds the start and begins to work on it. */
  onBegin?: () => void;
  /**
   * Called once the start holds the form's files for good, so what the form kept for them (its
   * recordings) may go: as soon as the start is stored in the browser, or, where the browser
   * refused to store it (storage full or off), only once the job exists.
   */
  onFilesHeld?: () => void;
}

/** Ids this tab started from a form during this page load: never resumed behind the form's back. */
const startedHere = new Set<string>();

/** A reason that a repeat would meet again: the start waits for the user as a draft. */
export function needsTheUser(error: unknown): boolean {
  if (error instanceof DOMException) return unreadable(error);
  if (!isApiError(error)) return false;
  if (error.code === clientErrorCodes.aborted) return true;
  if (error.code === clientErrorCodes.invalidInput) return true;
  // 402: a monthly budget is spent (the gateway's budget_exceeded). Trying again changes
  // nothing until the limit is raised or the month ends, so the start waits as a draft.
  return error.status !== null && [400, 402, 404, 409, 413, 422].includes(error.status);
}

/** A kept file that the browser can no longer read (moved, deleted, storage cleared). */
const unreadable = (error: DOMException) =>
  error.name === 'NotReadableError' || error.name === 'NotFoundError';

/** Another tab (or a click a moment ago) is working on this start: nothing to do here. */
export class StartBusyError extends Error {
  constructor() {
    super('This training is being started in another tab.');
  }
}

function problemOf(error: unknown): string {
  if (isApiError(error) && error.code === clientErrorCodes.aborted)
    return 'Cancelled before the job was created.';
  if (error instanceof DOMException && unreadable(error)) {
    return 'A chosen file can no longer be read: add it again, then start.';
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The job this start made already, in direct mode: its creation went through but the browser
 * failed to drop the start afterwards. The gateway answers such a repeat from its start keys.
 */
async function madeBefore(start: TrainingStart): Promise<StartCreated | null> {
  if (gatewayMode()) return null;
  const job = (await listTrackedJobs()).find((tracked) => tracked.start_id === start.id);
  if (!job) return null;
  return { task_id: job.task_id, name: job.name, status: job.snapshots.at(-1)?.status ?? 'queued' };
}

/** Uploads what is not uploaded yet, creates the job, tracks it and forgets the start. */
async function finish(start: TrainingStart, options: RunOptions): Promise<StartCreated> {
  try {
    let created = await madeBefore(start);
    if (!created) {
      created = await createJob(start, options);
      await addTrackedJob({
        task_id: created.task_id,
        kind: start.kind,
        name: created.name,
        created_at: new Date().toISOString(),
        start_id: start.id,
      });
    }
    // The job exists, and the user must hear so: a start the browser failed to drop is found
    // again by the next page load, which then only drops it.
    await deleteStart(start.id).catch(() => undefined);
    return created;
  } catch (error) {
    const cancelled = options.signal?.aborted === true;
    if (cancelled || needsTheUser(error)) {
      const problem = cancelled ? 'Cancelled before the job was created.' : problemOf(error);
      await updateStart(start.id, (s) => ({ ...s, state: 'draft', problem })).catch(() => null);
    }
    throw error;
  }
}

type LockedRun<T> = (lock: unknown) => Promise<T>;
function withLock<T>(id: string, mode: 'now' | 'wait', run: LockedRun<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run(true);
  return locks.request(`media-studio-start:${id}`, { ifAvailable: mode === 'now' }, run);
}

/**
 * Starts a training from a form: the start is stored before anything is sent, so whatever
 * interrupts it, the next page load finishes it. A tab holds the start's lock while it works
 * on it, so two tabs never send it twice.
 */
export async function runStart(
  start: TrainingStart,
  options: RunOptions & { replaces?: string | undefined } = {},
) {
  const again = startedHere.has(start.id);
  startedHere.add(start.id);
  const { problem: _fixed, ...fields } = start;
  // Kept first, before anything else: the click is the user's decision. A retry of the same
  // start keeps the uploads the first try finished. Storage that refuses (full) does not stop
  // the start; only its durability is lost, and the form's files stay kept until the job exists.
  const store = again ? saveStart : putStart;
  let durable = true;
  const kept = await store({ ...fields, state: 'starting' }).catch(() => {
    durable = false;
    return start;
  });
  // The start this one replaces (the form's earlier try, with other files) is not finished too.
  if (options.replaces && options.replaces !== start.id) {
    await deleteStart(options.replaces).catch(() => undefined);
  }
  return withLock(start.id, 'now', async (lock) => {
    if (!lock) throw new StartBusyError();
    options.onBegin?.();
    if (durable) options.onFilesHeld?.();
    const created = await finish(kept, options);
    if (!durable) options.onFilesHeld?.();
    return created;
  });
}

/**
 * Finishes a start an earlier page left unfinished, once no other tab is working on it;
 * null when there is nothing left to do (finished, discarded or a draft by then).
 */
export async function resumeStart(id: string, options: RunOptions = {}) {
  if (startedHere.has(id)) return null;
  return withLock(id, 'wait', async () => {
    const start = await getStart(id);
    if (!start || start.state !== 'starting' || startedHere.has(id)) return null;
    options.onBegin?.();
    return finish(start, options);
  });
}
