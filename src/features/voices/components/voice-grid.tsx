import clsx from 'clsx';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Voice, VoiceScope } from '../../../api/contract/voices';
import { gridColumns, nextGridIndex } from '../grid-navigation';
import { VoiceCard } from './voice-card';

/** A card needs about this much room for its name, player and actions to sit on one line. */
const minCardWidth = 300;
const gap = 16;
/** First guess of a row's height; each row is measured once it renders. */
const estimatedRowHeight = 330;

interface VoiceGridProps {
  voices: readonly Voice[];
  scope: VoiceScope;
  compareIds: readonly string[];
  onToggleCompare: (voice: Voice) => void;
}

/**
 * The voice list as a grid of cards, virtualized by rows against the window's scroll so a
 * catalog of ten thousand voices renders only the rows near the viewport. Arrow keys move a
 * roving focus between cards across rows, scrolling the target row in first when needed.
 */
export function VoiceGrid({ voices, scope, compareIds, onToggleCompare }: VoiceGridProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  const [activeIndex, setActiveIndex] = useState(0);
  const pendingFocus = useRef<number | null>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const rect = list.getBoundingClientRect();
      const next = { width: rect.width, top: Math.round(rect.top + window.scrollY) };
      setBox((prev) => (prev.width === next.width && prev.top === next.top ? prev : next));
    };
    // The body too: filters above the grid that wrap or expand move where the grid starts.
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const columns = gridColumns(box.width, minCardWidth, gap);
  const rowCount = Math.ceil(voices.length / columns);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimatedRowHeight,
    overscan: 2,
    gap,
    scrollMargin: box.top,
  });
  const current = Math.max(0, Math.min(activeIndex, voices.length - 1));

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
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const card = (event.target as HTMLElement).closest('article[data-voice-index]');
        if (card) setActiveIndex(Number(card.getAttribute('data-voice-index')));
      }}
      // Cards scrolled to by keyboard stay clear of the sticky compare panel when it is open.
      className={clsx('relative', compareIds.length > 0 && '[&_article]:scroll-mb-56')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="none"
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute top-0 left-0 grid w-full items-start"
          style={{
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap,
          }}
        >
          {voices.slice(row.index * columns, row.index * columns + columns).map((voice, column) => {
            const index = row.index * columns + column;
            const selected = compareIds.includes(voice.voice_id);
            return (
              <div
                key={voice.voice_id}
                role="listitem"
                aria-posinset={index + 1}
                aria-setsize={voices.length}
              >
                <VoiceCard
                  voice={voice}
                  scope={scope}
                  index={index}
                  tabbable={index === current}
                  compareSelected={selected}
                  compareDisabled={!selected && compareIds.length >= 2}
                  onToggleCompare={onToggleCompare}
                />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
