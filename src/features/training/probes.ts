import { checkEntry, inspectDatasetZip, type MediaFamily, type MediaFormat } from './dataset-zip';
import { headBytes, measureAudioLength, measureVideoDuration } from './media-probe';

/** What the browser learned about one dataset item: a loose file or an entry of a zip. */
export interface MediaCheck {
  name: string;
  size: number;
  format: MediaFormat | null;
  /** Why the item is flagged (wrong type); absent when fine. */
  problem?: string;
  durationS?: number;
  /** The browser could not measure it (the service may still read it). */
  error?: string;
}

function message(error: unknown) {
  return error instanceof Error ? error.message : String(error);
}

async function measure(bytes: Blob, family: MediaFamily) {
  try {
    if (family === 'video') return { durationS: await measureVideoDuration(bytes) };
    return { durationS: await measureAudioLength(bytes) };
  } catch (error) {
    return { error: message(error) };
  }
}

/** A loose dataset file: its type from name and first bytes, then its length when it is media. */
export async function checkLocalFile(file: File, family: MediaFamily): Promise<MediaCheck> {
  const check = checkEntry(file.name, await headBytes(file), family);
  const base = { name: file.name, size: file.size, ...check };
  return check.format ? { ...base, ...(await measure(file, family)) } : base;
}

/** Every entry of a ready-made zip, checked and measured one at a time (to bound memory). */
export async function checkZipFile(file: File, family: MediaFamily): Promise<MediaCheck[]> {
  const entries = await inspectDatasetZip(new Uint8Array(await file.arrayBuffer()), family);
  const checks: MediaCheck[] = [];
  for (const { bytes, ...entry } of entries) {
    const measured = entry.format ? await measure(new Blob([bytes.slice()]), family) : {};
    checks.push({ ...entry, ...measured });
  }
  return checks;
}
