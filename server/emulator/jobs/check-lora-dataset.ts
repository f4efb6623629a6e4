import type { TrainingKind } from '../env';
import { inspectMedia, type MediaInfo } from '../media/inspect';
import { readZip, ZipLimitError, type ZipEntry } from '../media/zip';
import type { Principal } from '../principal';
import type { EmulatorDeps } from '../route-module';
import { loadDataset } from './dataset-source';
import { describeContent, TrainingFailure } from './training-failure';
import {
  rangeWarning,
  recommendedMusicDataset,
  recommendedVideoDataset,
  roundSeconds,
} from './training-limits';
import { sha256Hex } from './voice-params';

type LoraKind = Exclude<TrainingKind, 'voice'>;

/** What a dataset must hold, per kind, judged on each entry's bytes (never its name). */
const datasetRules = {
  music_lora: {
    noun: 'tracks',
    wanted: 'mp3 or wav tracks',
    accepts: (info: MediaInfo) => info.kind === 'audio' && ['mp3', 'wav'].includes(info.format),
    recommended: recommendedMusicDataset,
    // Full songs are segmented (spec): into pieces of at most the recommended length.
    pieceVerb: 'segmented',
  },
  video_lora: {
    noun: 'clips',
    wanted: 'mp4 or mov clips',
    accepts: (info: MediaInfo) => info.kind === 'video' && ['mp4', 'mov'].includes(info.format),
    recommended: recommendedVideoDataset,
    pieceVerb: 'chunked',
  },
} as const;

export interface DatasetItem {
  name: string;
  format: string;
  duration_s: number | null;
}

/** What the runner stores in inputs_summary_json for a LoRA job. */
export interface LoraInputsSummary {
  kind: LoraKind;
  /** Seeds the adapter's weights: the same dataset always trains the same file. */
  dataset_sha256: string;
  count: number;
  total_duration_s: number;
  /** Training pieces after segmenting or chunking long items. */
  pieces: number;
  items: DatasetItem[];
  skipped: string[];
  warnings: string[];
}

// Enough names to recognise the archive in a message without flooding it.
const MAX_LISTED = 8;
const list = (names: string[]) =>
  names.length <= MAX_LISTED
    ? names.join(', ')
    : `${names.slice(0, MAX_LISTED).join(', ')} and ${names.length - MAX_LISTED} more`;

function openZip(bytes: Uint8Array, label: string, declaredType: string | null): ZipEntry[] {
  try {
    return readZip(bytes);
  } catch (error) {
    if (error instanceof ZipLimitError)
      throw new TrainingFailure('invalid_dataset', `${label}: ${error.message}`);
    const looks = describeContent(bytes, declaredType);
    throw new TrainingFailure(
      'invalid_dataset',
      `${label} is not a zip archive (looks like ${looks})`,
    );
  }
}

/** Loads and opens the dataset, keeps the entries of the right kind, and summarises them. */
export async function checkLoraDataset(
  kind: LoraKind,
  dataset: string,
  owner: Principal,
  deps: Pick<EmulatorDeps, 'db' | 'mediaStore'>,
): Promise<LoraInputsSummary> {
  const rules = datasetRules[kind];
  const { bytes, label, declaredType } = await loadDataset(dataset, owner, deps);
  const entries = openZip(bytes, label, declaredType);
  const items: DatasetItem[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    const info = inspectMedia(entry.data);
    if (info && rules.accepts(info)) {
      items.push({
        name: entry.name,
        format: info.format,
        duration_s: roundSeconds(info.durationS ?? null),
      });
    } else {
      skipped.push(`${entry.name} (${describeContent(entry.data)})`);
    }
  }
  if (items.length === 0) {
    const found = entries.length === 0 ? 'the archive is empty' : `found: ${list(skipped)}`;
    throw new TrainingFailure('empty_dataset', `${label} has no ${rules.wanted} (${found})`);
  }

  const { count, seconds } = rules.recommended;
  const warnings: string[] = [];
  if (items.length < count.min || items.length > count.max)
    warnings.push(`${items.length} ${rules.noun}; ${count.min} to ${count.max} are recommended`);
  if (skipped.length > 0)
    warnings.push(
      skipped.length === 1
        ? `skipped 1 file that is not ${rules.wanted}: ${list(skipped)}`
        : `skipped ${skipped.length} files that are not ${rules.wanted}: ${list(skipped)}`,
    );
  let pieces = 0;
  for (const item of items) {
    const parts = Math.max(1, Math.ceil((item.duration_s ?? 0) / seconds.max));
    pieces += parts;
    if (parts > 1)
      warnings.push(
        `${item.name} is ${item.duration_s} s and is ${rules.pieceVerb} into ${parts} pieces`,
      );
    else {
      const warning = rangeWarning(item.name, item.duration_s, seconds);
      if (warning) warnings.push(warning);
    }
  }
  return {
    kind,
    dataset_sha256: sha256Hex(bytes),
    count: items.length,
    total_duration_s: roundSeconds(items.reduce((sum, item) => sum + (item.duration_s ?? 0), 0))!,
    pieces,
    items,
    skipped,
    warnings,
  };
}
