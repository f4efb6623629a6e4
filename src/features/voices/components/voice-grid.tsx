import clsx from 'clsx';
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Voice, VoiceScope } from '../../../api/contract/voices';
import { isTakingOver } from '../../../lib/takeover';
import { gridColumns, nextGridIndex } from '../grid-navigation';
import { whenIdle } from '../idle-queue';
import { createScrollSpeed } from '../scroll-speed';
import { VoiceRow } from './voice-row';

/** A card needs about this much room for its name, player and actions to sit on one line. */
const minCardWidth = 300;
const gap = 16;
/**
 * First guess of a row's height, until the first row is measured: the rows not yet measured
 * then take its height. Each row is measured once it renders.
 */
const estimatedRowHeight = 330;
/**
 * Above this speed (px per ms; 8 is about 130 px a frame, the viewport in under 100 ms) nobody
 * reads the cards going by: rows mount as skeletons until the scroll slows down.
 */
const fastScrollSpeed = 8;

interface VoiceGridProps {
  voices: readonly Voice[];
  /** The catalog is on its way: the grid is there, empty and busy. */
  loading?: boolean;
  scope: VoiceScope;
  compareIds: readonly string[];
  onToggleCompare: (voice: Voice) => void;
}

/**
 * The voice list as a grid of cards, virtualized by rows against the window's scroll so a
 * catalog of ten thousand voices renders only the rows near the viewport. Arrow keys move a
 * roving focus between cards across rows, scrolling the target row in first when needed.
 */
export function VoiceGrid({
  voices,
  loading = false,
  scope,
  compareIds,
  onToggleCompare,
}: VoiceGridProps) {
  const listRef = useRef<HTMLDivElement>(null);
  // Null until measured: cards rendered at a guessed width would be thrown away at once.
  const [box, setBox] = useState<{ width: number; top: number } | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  // The first render holds only the rows on screen; the rows around them, which a scroll
  // reaches first, follow once the main thread is idle.
  const [overscan, setOverscan] = useState(0);
  const pendingFocus = useRef<number | null>(null);
  const [scrollSpeed] = useState(() => createScrollSpeed());
  const [fastScroll, setFastScroll] = useState(false);
  // Skeleton rows a fling mounts keep this height: the closer it is to the cards', the less
  // the rows in view move when they turn into cards. Set once: every change of it moves the
  // end of the list (the scroll bar) by the change times the rows not measured yet.
  const firstRowHeight = useRef<number | null>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const rect = list.getBoundingClientRect();
      const next = { width: rect.width, top: Math.round(rect.top + window.scrollY) };
      setBox((prev) => (prev && prev.width === next.width && prev.top === next.top ? prev : next));
    };
    // Measured now, before the first paint; the observer follows later changes. Not while the
    // app takes over the prerendered page: that render has just made the page's style stale, and
    // reading the width now would compute it again inside the render's task. The observer's
    // first report comes after the frame's own style and layout, before the frame is painted,
    // and the grid is drawn at its width from there.
    if (!isTakingOver()) measure();
    // The body too: filters above the grid that wrap or expand move where the grid starts.
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const columns = gridColumns(box?.width ?? 0, minCardWidth, gap);
  const rowCount = Math.ceil(voices.length / columns);
  const hasRows = box !== null && rowCount > 0;
  useEffect(() => {
    if (hasRows) return whenIdle(() => setOverscan(2));
  }, [hasRows]);
  const virtualizer = useWindowVirtualizer({
    // No rows before the width is known: sizing 10,000 one-column rows would be wasted work.
    count: box ? rowCount : 0,
    // Nor the window's size and scroll offset, which it reads as it starts following them: read
    // while the app takes over the prerendered page, they made the browser style and lay out the
    // page inside the takeover's task (9 ms of it at 4× CPU slowdown).
    enabled: box !== null,
    estimateSize: () => firstRowHeight.current ?? estimatedRowHeight,
    measureElement: (element, entry, instance) => {
      // A row just mounted (no observer entry yet) keeps the size it was drawn at: reading its
      // height now would make the browser style and lay out the new cards inside the render's
      // task, one long task on a phone when the catalog arrives. The observer's first report,
      // after the frame's own layout and before it is painted, brings the height.
      if (!entry) {
        const index = instance.indexFromElement(element);
        return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
      }
      const size = measureElement(element, entry, instance);
      if (size > 0) firstRowHeight.current ??= size;
      return size;
    },
    overscan,
    gap,
    scrollMargin: box?.top ?? 0,
    // Rows render in their own task rather than inside the scroll event, so a frame that
    // mounts new rows is split in two (render, then style and layout) instead of one long one.
    // The overscan rows cover the frame this lags behind.
    useFlushSync: false,
    // Called as the rows in range change, and when a scroll starts or ends.
    onChange: (instance) =>
      setFastScroll(
        scrollSpeed(instance.scrollOffset ?? 0, instance.isScrolling, performance.now()) >
          fastScrollSpeed,
      ),
  });
  const current = Math.max(0, Math.min(activeIndex, voices.length - 1));
  const viewStart = virtualizer.scrollOffset ?? 0;
  const view = { start: viewStart, end: viewStart + (virtualizer.scrollRect?.height ?? 0) };

  const cardAt = (index: number) =>
    listRef.current?.querySelector<HTMLElement>(`article[data-voice-index="${index}"]`) ?? null;

  function focusCard(card: HTMLElement) {
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: 'nearest' });
  }

  // A card asked for by the keyboard may only render after the virtualizer scrolled to its row.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const card = cardAt(pendingFocus.current);
    if (!card) return;
    pendingFocus.current = null;
    focusCard(card);
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.tagName !== 'ARTICLE' || !target.hasAttribute('data-voice-index')) return;
    const index = Number(target.getAttribute('data-voice-index'));
    const next = nextGridIndex(event.key, index, voices.length, columns);
    if (next === undefined) return;
    event.preventDefault();
    if (next === index) return;
    setActiveIndex(next);
    const card = cardAt(next);
    if (card) return focusCard(card);
    pendingFocus.current = next;
    virtualizer.scrollToIndex(Math.floor(next / columns), { align: 'auto' });
  }

  return (
    <div
      ref={listRef}
      role="list"
      aria-label="Voices"
      aria-busy={loading || undefined}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const card = (event.target as HTMLElement).closest('article[data-voice-index]');
        if (card) setActiveIndex(Number(card.getAttribute('data-voice-index')));
      }}
      // Cards scrolled to by keyboard stay clear of the sticky compare panel when it is open.
      className={clsx('relative', compareIds.length > 0 && '[&_article]:scroll-mb-56')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {/* The rows' containing block: as it does not take the list's height, a new total height
          (rows are measured as they mount) does not lay out every row again. */}
      <div role="none" className="absolute inset-x-0 top-0">
        {box &&
          virtualizer
            .getVirtualItems()
            .map((row) => (
              <VoiceRow
                key={row.key}
                rowIndex={row.index}
                top={row.start - virtualizer.options.scrollMargin}
                height={row.size}
                columns={columns}
                gap={gap}
                voices={voices}
                scope={scope}
                tabbableIndex={current}
                compareIds={compareIds}
                onToggleCompare={onToggleCompare}
                measureRef={virtualizer.measureElement}
                fastScroll={fastScroll}
                deferred={virtualizer.isScrolling || !mostlyInView(row, view)}
              />
            ))}
      </div>
    </div>
  );
}

/**
 * Whether a row's middle is in the viewport. A row in the overscan, or only peeking in at an
 * edge (its players out of sight), gets them when the main thread is idle, so the first paint
 * holds only what can be seen.
 */
function mostlyInView(row: { start: number; size: number }, view: { start: number; end: number }) {
  const middle = row.start + row.size / 2;
  return middle >= view.start && middle <= view.end;
}
