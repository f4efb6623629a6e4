import type { TakeFilter, TakeKindFilter } from './search';
import type { SpeechTake, TakeKind } from './speech-take';

const takeKinds: Record<TakeKindFilter, TakeKind> = {
  speech: 'sync',
  async: 'async',
  extend: 'extend',
};

/** Whether any filter narrows the history (a blank search does not). */
export function isTakeFilterActive(filter: TakeFilter): boolean {
  return Boolean(filter.hq?.trim() || filter.hkind || filter.hsource);
}

/** A key that changes whenever the filter does, so the list starts again from its first page. */
export function takeFilterKey(filter: TakeFilter): string {
  return [filter.hq?.trim().toLowerCase() ?? '', filter.hkind ?? '', filter.hsource ?? ''].join(
    '\u0000',
  );
}

/**
 * The takes that match: the search (trimmed, any case) in the text, the voice id or the take's
 * id, of the chosen kind, made by the chosen source. Same in both modes; in direct mode every
 * take is this dashboard's.
 */
export function filterTakes(
  takes: readonly SpeechTake[],
  filter: TakeFilter,
): readonly SpeechTake[] {
  if (!isTakeFilterActive(filter)) return takes;
  const q = filter.hq?.trim().toLowerCase() ?? '';
  const kind = filter.hkind && takeKinds[filter.hkind];
  return takes.filter(
    (take) =>
      (!kind || take.kind === kind) &&
      (!filter.hsource || (take.fromOtherClient ? 'client' : 'dashboard') === filter.hsource) &&
      (q === '' ||
        take.text.toLowerCase().includes(q) ||
        take.voiceId.toLowerCase().includes(q) ||
        take.id.toLowerCase().includes(q)),
  );
}
