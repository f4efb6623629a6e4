import type { TrackedJobKind } from '../../../lib/tracked-jobs';
import { sameItems } from '../../../lib/same-items';
import type { TrainingStart } from './start-store';

export interface StartFields {
  name: string;
  urls: string[];
  dataset: string | null;
  files: File[];
}

/**
 * The start a submit makes. After a failed try (`previous`, not successful) with the same
 * files, it is that start again, fixed: its id, and so its finished uploads, are kept, and
 * nothing is sent twice. Anything else is a new start.
 */
export function nextStart(
  kind: TrackedJobKind,
  fields: StartFields,
  previous: TrainingStart | undefined,
  now = new Date(),
): TrainingStart {
  const again =
    previous !== undefined &&
    previous.kind === kind &&
    previous.dataset === fields.dataset &&
    sameItems(previous.files, fields.files);
  return {
    id: again ? previous.id : crypto.randomUUID(),
    kind,
    ...fields,
    uploads: again ? previous.uploads : {},
    created_at: again ? previous.created_at : now.toISOString(),
    state: 'starting',
  };
}
