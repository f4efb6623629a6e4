import { ShowMoreButton } from '../../../components/show-more-button';
import { canRemove, type Viewer } from '../../../lib/history-starter';
import { shownFirst } from '../../../api/contract/history-groups';
import { useShowMore } from '../../../lib/use-show-more';
import type { GenerationEntry } from '../history-store';
import { HistoryEntryItem } from './history-entry';

/**
 * Entries drawn at first, and added per "Show more": each one may hold thumbnails. The gateway
 * draws the page with as many of the newest generations, of both kinds.
 */
const historyStep = shownFirst.generation;

interface HistoryListProps {
  noun: string;
  entries: readonly GenerationEntry[];
  selectedId: string | null;
  curlFor: (entry: GenerationEntry) => string;
  onShow: (entry: GenerationEntry) => void;
  onReuse: (entry: GenerationEntry) => void;
  onRemove: (entry: GenerationEntry) => void;
  busy: boolean;
  shared: boolean;
  viewer: Viewer;
}

/** The newest entries of the (filtered) history, and more on request. */
export function HistoryList({
  noun,
  entries,
  selectedId,
  curlFor,
  busy,
  shared,
  viewer,
  onRemove,
  ...actions
}: HistoryListProps) {
  const { shown, hidden, showMore } = useShowMore(entries, historyStep);
  return (
    <>
      <ul aria-label={`${noun} generation history`} className="space-y-3">
        {shown.map((entry) => (
          <HistoryEntryItem
            key={entry.id}
            entry={entry}
            selected={entry.id === selectedId}
            curl={curlFor(entry)}
            removing={busy}
            shared={shared}
            onRemove={canRemove(entry.startedBy, viewer) ? onRemove : undefined}
            {...actions}
          />
        ))}
      </ul>
      <ShowMoreButton
        hidden={hidden}
        step={historyStep}
        what={`${noun} generations`}
        onShowMore={showMore}
      />
    </>
  );
}
