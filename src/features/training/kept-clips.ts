import { forgetRecording, keepRecording, keptRecordings } from '../../lib/recordings-store';

/**
 * Which of the form's clips are recordings kept in the browser (see lib/recordings-store.ts),
 * by File object: an uploaded file that happens to be named "Recording 1.wav" is not one.
 */
const recorded = new WeakSet<File>();

/** Storage that refuses (private mode, full) costs only the keeping, never the form. */
const quietly = (work: Promise<unknown>) => work.catch(() => undefined);

/** A recording the recorder has just kept (it stored it before handing it over). */
export function markRecorded(file: File) {
  recorded.add(file);
}

export function isRecorded(file: File): boolean {
  return recorded.has(file);
}

/** The voice form's kept recordings, to put back after a reload; empty where storage fails. */
export async function restoreRecordings(): Promise<File[]> {
  const files = await keptRecordings('voice').catch(() => []);
  for (const file of files) recorded.add(file);
  return files;
}

/** Removed from the form: a recording is let go too. */
export function forgetClip(file: File): Promise<unknown> {
  return recorded.has(file) ? quietly(forgetRecording('voice', file.name)) : Promise.resolve();
}

/** A trimmed recording replaces the kept take (same name, same place in the set). */
export async function replaceClip(previous: File, trimmed: File): Promise<void> {
  if (!recorded.has(previous)) return;
  recorded.add(trimmed);
  if (previous.name !== trimmed.name) await quietly(forgetRecording('voice', previous.name));
  await quietly(keepRecording('voice', trimmed));
}

/** A training start now holds these files (durably): the recordings among them are let go. */
export async function forgetUsedClips(files: readonly File[]): Promise<void> {
  await Promise.all(files.map(forgetClip));
}
