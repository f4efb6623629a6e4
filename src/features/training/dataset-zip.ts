import type { Zippable } from 'fflate';
import { compareNames } from '../../lib/compare-text';

/** The zip library loads when a dataset is first zipped or opened, not with the Train page. */
const zipLibrary = () => import('fflate');

export type MediaFamily = 'audio' | 'video';
export type MediaFormat = 'mp3' | 'wav' | 'mp4' | 'mov';

/** What each LoRA dataset may hold, as the spec lists it (music: mp3/wav, video: mp4/mov). */
export const datasetFormats: Record<MediaFamily, readonly MediaFormat[]> = {
  audio: ['mp3', 'wav'],
  video: ['mp4', 'mov'],
};

const familyOf: Record<MediaFormat, MediaFamily> = {
  mp3: 'audio',
  wav: 'audio',
  mp4: 'video',
  mov: 'video',
};

export function formatFromName(name: string): MediaFormat | null {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return extension && extension in familyOf ? (extension as MediaFormat) : null;
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

/** The format the first bytes show, whatever the name says. */
export function sniffFormat(bytes: Uint8Array): MediaFormat | null {
  if (bytes.length < 12) return null;
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'wav';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  // An MPEG audio frame starts with 11 set sync bits.
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'mp3';
  const box = ascii(bytes, 4, 4);
  if (box === 'ftyp') return ascii(bytes, 8, 4) === 'qt  ' ? 'mov' : 'mp4';
  // Older QuickTime files start with one of these atoms instead of ftyp.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(box)) return 'mov';
  return null;
}

export interface EntryCheck {
  /** Null when the entry is not usable media of the expected family. */
  format: MediaFormat | null;
  /** Why the entry is flagged; absent when it is fine. */
  problem?: string;
}

/** An entry is usable when its name and its bytes both say the expected family. */
export function checkEntry(name: string, bytes: Uint8Array, expected: MediaFamily): EntryCheck {
  const allowed = datasetFormats[expected].map((f) => `.${f}`).join(' or ');
  const byName = formatFromName(name);
  const byBytes = sniffFormat(bytes);
  const nameOk = byName !== null && familyOf[byName] === expected;
  const bytesOk = byBytes !== null && familyOf[byBytes] === expected;
  if (nameOk && bytesOk) return { format: byBytes };
  if (nameOk) return { format: null, problem: `named ${byName} but its bytes are not ${allowed}` };
  if (bytesOk)
    return { format: null, problem: `holds ${byBytes} but its name does not end in ${allowed}` };
  return { format: null, problem: `not an ${datasetFormats[expected].join(' / ')} file` };
}

export interface DatasetFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * A zip of the dataset's files, stored (level 0): mp3, mp4 and the like are already
 * compressed, so deflating would cost time for nothing. Repeated names get a suffix.
 */
export async function buildDatasetZip(files: readonly DatasetFile[]): Promise<Uint8Array> {
  const { zipSync } = await zipLibrary();
  const entries: Zippable = {};
  for (const file of files) {
    const base = file.name.replace(/^.*[\\/]/, '') || 'file';
    let name = base;
    for (let n = 2; name in entries; n++) name = base.replace(/(\.[^.]*)?$/, `-${n}$1`);
    entries[name] = [file.bytes, { level: 0 }];
  }
  return zipSync(entries);
}

export interface ZipEntry extends EntryCheck {
  name: string;
  size: number;
  bytes: Uint8Array;
}

/** Every file entry of a zip, checked. Directories are skipped; macOS metadata is flagged. */
export async function inspectDatasetZip(
  zip: Uint8Array,
  expected: MediaFamily,
): Promise<ZipEntry[]> {
  const { unzipSync } = await zipLibrary();
  const files = unzipSync(zip);
  return Object.entries(files)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, bytes]) => {
      const base = name.replace(/^.*\//, '');
      const check: EntryCheck =
        name.startsWith('__MACOSX/') || base.startsWith('.')
          ? { format: null, problem: 'hidden or system metadata file' }
          : checkEntry(base, bytes, expected);
      return { name, size: bytes.length, bytes, ...check };
    })
    .sort((a, b) => compareNames(a.name, b.name));
}
