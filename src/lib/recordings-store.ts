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

/** The last number a set gave a recording ("Recording N.wav"). */
interface LastNumber {
  purpose: RecordingPurpose;
  number: number;
}

const dbName = 'media-studio-recordings';
const storeName = 'recordings';
const numbersName = 'last-numbers';
const openRecordingsDb = cachedOpener(dbName, 2, (request) => {
  const db = request.result;
  if (!db.objectStoreNames.contains(storeName))
    db.createObjectStore(storeName, { keyPath: ['purpose', 'name'] });
  // Version 2: the numbers given, so that one is never given twice.
  if (!db.objectStoreNames.contains(numbersName))
    db.createObjectStore(numbersName, { keyPath: 'purpose' });
});

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

/**
 * Names a new recording "Recording N.wav", N one past the highest number the set has ever given,
 * kept or `taken` (the names already in the form). A number is never given twice, even once its
 * recording is forgotten (used by a start that then failed, say) while a form still shows it:
 * recordings are kept and forgotten by name, so a name given twice would let removing or trimming
 * one take lose the other. Taken in one transaction, so two tabs never get the same number.
 */
export async function reserveRecordingName(
  purpose: RecordingPurpose,
  taken: readonly string[] = [],
): Promise<string> {
  const db = await openRecordingsDb();
  const tx = db.transaction([storeName, numbersName], 'readwrite');
  const numbers = tx.objectStore(numbersName);
  const last = (await result(numbers.get(purpose))) as LastNumber | undefined;
  const kept = (await result(tx.objectStore(storeName).getAll(setOf(purpose)))) as KeptRecording[];
  const name = recordingNameAfter([...kept.map((recording) => recording.name), ...taken], last);
  numbers.put({ purpose, number: recordingNumber(name)! } satisfies LastNumber);
  await done(tx);
  return name;
}

/** "Recording N.wav" with N one past the highest among `names` and the `last` number given. */
export function recordingNameAfter(names: Iterable<string>, last?: LastNumber): string {
  let highest = last?.number ?? 0;
  for (const name of names) highest = Math.max(highest, recordingNumber(name) ?? 0);
  return `Recording ${highest + 1}.wav`;
}

function recordingNumber(name: string): number | null {
  const match = /^Recording (\d+)\.wav$/.exec(name);
  return match ? Number(match[1]) : null;
}
