import { datasetKind } from '../../../src/api/contract/training';
import type { Principal } from '../principal';
import { datasetFetchLimits, fetchRemoteMedia } from '../remote-fetch';
import type { EmulatorDeps } from '../route-module';
import { resolveFileBytes } from '../routes/files';
import { fetchFailure, TrainingFailure } from './training-failure';

export interface DatasetBytes {
  bytes: Uint8Array;
  /** How messages name the dataset: `dataset (https://…/set.zip)` or `dataset (file_… "set.zip")`. */
  label: string;
  declaredType: string | null;
}

/** The dataset's bytes, from its URL or from the owner's upload (a LoRA `dataset` is either). */
export async function loadDataset(
  dataset: string,
  owner: Principal,
  deps: Pick<EmulatorDeps, 'db' | 'mediaStore'>,
): Promise<DatasetBytes> {
  if (datasetKind(dataset) === 'url') {
    try {
      const fetched = await fetchRemoteMedia(dataset, deps.mediaStore, datasetFetchLimits);
      return {
        bytes: fetched.bytes,
        label: `dataset (${dataset})`,
        declaredType: fetched.contentType,
      };
    } catch (error) {
      throw fetchFailure(error, 'dataset', dataset);
    }
  }
  const file = await resolveFileBytes(deps, dataset, owner);
  // Checked at creation, so only a file removed since then gets here.
  if (!file)
    throw new TrainingFailure(
      'invalid_dataset',
      `dataset (${dataset}) is no longer an uploaded file of this key and stack`,
    );
  return {
    bytes: new Uint8Array(file.bytes),
    label: `dataset (${dataset} "${file.filename}")`,
    declaredType: file.contentType,
  };
}
