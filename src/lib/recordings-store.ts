import { cachedOpener, done, result } from './idb';

/**
 * Recordings made in the browser, kept in IndexedDB from "Keep recording" until the form that
 * holds them uses them (a training start, a successful extend) or the user removes them, so a
 * reload or a closed tab loses none. Each form keeps its own set, by purpose.
 */
export type RecordingPurpose = 'voice' | 'extend';

interface KeptRecording {
  purpose: RecordingPurpose;
  name: string;
  /** Where the recording comes in its set: a replaced recording (a trimmed take) keeps its place. */
  order: number;
  /** Browsers store a File as a File; name and type are kept beside it all the same. */
  file: Blob;
  type: string;
  lastModified: number;
}

const dbName = 'media-studio-recordings';
const storeName = 'recordings';
const openRecordingsDb = cachedOpener(dbName, 1, (request) =>
  request.result.createObjectStore(storeName, { keyPath: ['purpose', 'name'] }),
);

const setOf = (purpose: RecordingPurpose) => IDBKeyRange.bound([purpose, ''], [purpose, []]);

/** Keeps `file` under its name; a recording of the same name (its earlier take) is replaced. */
export async function keepRecording(purpose: RecordingPurpose, file: File): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(storeName, 'readwrite');
  const store = tx.objectStore(storeName);
  const kept = (await result(store.getAll(setOf(purpose)))) as KeptRecording[];
  const same = kept.find((recording) => recording.name === file.name);
  const order = same?.order ?? Math.max(0, ...kept.map((recording) => recording.order)) + 1;
  const record: KeptRecording = {
    purpose,
    name: file.name,
    order,
    file,
    type: file.type,
    lastModified: file.lastModified,
  };
  store.put(record);
  await done(tx);
}

/** The kept recordings of one form, in the order they were kept. */
export async function keptRecordings(purpose: RecordingPurpose): Promise<File[]> {
  const db = await openRecordingsDb();
  const store = db.transaction(storeName, 'readonly').objectStore(storeName);
  const kept = (await result(store.getAll(setOf(purpose)))) as KeptRecording[];
  return kept
    .sort((a, b) => a.order - b.order)
    .map((recording) =>
      recording.file instanceof File && recording.file.name === recording.name
        ? recording.file
        : new File([recording.file], recording.name, {
            type: recording.type,
            lastModified: recording.lastModified,
          }),
    );
}

export async function forgetRecording(purpose: RecordingPurpose, name: string): Promise<void> {
  const db = await openRecordingsDb();
  const tx = db.transaction(storeName, 'readwrite');
  tx.objectStore(storeName).delete([purpose, name]);
  await done(tx);
}

/** "Recording N.wav" with N one past the highest number among the kept recordings of the set. */
export async function nextRecordingName(purpose: RecordingPurpose): Promise<string> {
  const numbers = (await keptRecordings(purpose)).map((file) => recordingNumber(file.name) ?? 0);
  return `Recording ${Math.max(0, ...numbers) + 1}.wav`;
}

function recordingNumber(name: string): number | null {
  const match = /^Recording (\d+)\.wav$/.exec(name);
  return match ? Number(match[1]) : null;
}
