import { ShowMoreButton } from '../../../components/show-more-button';
import { canRemove, type Viewer } from '../../../lib/history-starter';
import { shownFirst } from '../../../api/contract/history-groups';
import { useShowMore } from '../../../lib/use-show-more';
import type { SpeechFormValues } from '../speech-form-schema';
import type { SpeechTake } from '../speech-take';
import { TakeRow } from './take-row';

/** Takes drawn at first, and added by each "Show more"; the gateway draws the page with as many. */
const takesPerPage = shownFirst.speech;

export interface HistoryListProps {
  takes: readonly SpeechTake[];
  loading: boolean;
  /** The gateway's shared history (gateway mode), rather than this browser's own. */
  shared: boolean;
  /** Voice names by id, for takes whose voice is still in the catalog. */
  voiceNames: ReadonlyMap<string, string>;
  curlFor: (take: SpeechTake) => string;
  onUse: (settings: SpeechFormValues) => void;
  onRemove: (take: SpeechTake) => void;
  /** The take being deleted, if any. */
  removingId?: string | null;
  /** Changes with the filter: a newly filtered list starts again from its first page. */
  filterKey?: string;
  /** Takes of the shared history not read yet, offered by "Show more" already. */
  unread?: number;
  /** Who is looking: a take they may not remove shows no Delete (null: anyone may). */
  viewer: Viewer;
  /** Takes ticked for the A/B compare. */
  comparing?: readonly string[];
  onToggleCompare?: (id: string) => void;
}

export function HistoryList({
  takes,
  loading,
  shared,
  voiceNames,
  curlFor,
  onUse,
  onRemove,
  removingId = null,
  filterKey,
  unread,
  viewer,
  comparing = [],
  onToggleCompare,
}: HistoryListProps) {
  const { shown, hidden, showMore } = useShowMore(takes, takesPerPage, {
    resetKey: filterKey,
    unread,
  });
  if (loading) return <p className="text-sm text-zinc-500">Loading history…</p>;
  if (takes.length === 0) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {shared
          ? 'Nothing yet. Every synthesis made through this gateway appears here, newest first.'
          : 'Nothing yet. Every synthesis made in this browser appears here, newest first.'}
      </p>
    );
  }
  return (
    <>
      <ol aria-label="Speech history" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {shown.map((take) => (
          <li key={take.id} className="py-4 first:pt-0 last:pb-0">
            <TakeRow
              take={take}
              voiceName={voiceNames.get(take.voiceId)}
              curl={curlFor(take)}
              shared={shared}
              removing={removingId === take.id}
              onUse={onUse}
              onRemove={canRemove(take.startedBy, viewer) ? onRemove : undefined}
              comparing={comparing.includes(take.id)}
              onToggleCompare={onToggleCompare}
            />
          </li>
        ))}
      </ol>
      <ShowMoreButton hidden={hidden} step={takesPerPage} what="takes" onShowMore={showMore} />
    </>
  );
}
