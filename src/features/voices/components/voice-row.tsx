import clsx from 'clsx';
import { memo, useEffect, useState, type Ref } from 'react';
import type { Voice, VoiceScope } from '../../../api/contract/voices';
import { whenIdle } from '../idle-queue';
import { VoiceCard } from './voice-card';
import { VoiceCardSkeleton } from './voice-card-skeleton';

interface VoiceRowProps {
  rowIndex: number;
  /** Offset from the top of the grid, px. */
  top: number;
  /** The row's height as the virtualizer knows it (estimated or measured), px. */
  height: number;
  columns: number;
  gap: number;
  /** The whole shown list: the row takes its own slice, so its props stay equal between scrolls. */
  voices: readonly Voice[];
  scope: VoiceScope;
  /** The card reached with Tab (roving focus). */
  tabbableIndex: number;
  compareIds: readonly string[];
  onToggleCompare: (voice: Voice) => void;
  measureRef: Ref<HTMLDivElement>;
  /**
   * The list scrolls too fast to read: a row mounted now shows skeleton cards, and no row
   * fills anything in until the scroll slows down.
   */
  fastScroll: boolean;
  /**
   * Mostly out of view, or mid-scroll: what the row lacks is filled in when the main thread is
   * idle.
   */
  deferred: boolean;
}

/**
 * How far a row has come: skeleton cards (mounted in a fast scroll), cards without their
 * players (lite), then whole cards. A row only ever moves forward.
 */
type Stage = 'skeleton' | 'lite' | 'complete';

/** One virtualized row of voice cards. */
export const VoiceRow = memo(function VoiceRow({
  rowIndex,
  top,
  height,
  columns,
  gap,
  voices,
  scope,
  tabbableIndex,
  compareIds,
  onToggleCompare,
  measureRef,
  fastScroll,
  deferred,
}: VoiceRowProps) {
  const [stage, setStage] = useState<Stage>(
    fastScroll ? 'skeleton' : deferred ? 'lite' : 'complete',
  );
  // A skeleton row on screen when the scroll stops gets its cards in this same render.
  if (stage === 'skeleton' && !fastScroll && !deferred) setStage('lite');
  useEffect(() => {
    if (fastScroll || stage === 'complete') return;
    return whenIdle(() => setStage(stage === 'skeleton' ? 'lite' : 'complete'));
  }, [fastScroll, stage]);
  const completeNow = () => setStage('complete');

  const skeleton = stage === 'skeleton';
  const first = rowIndex * columns;
  return (
    <div
      role="none"
      data-index={rowIndex}
      // A skeleton row keeps the height the virtualizer expects; real cards are measured.
      ref={skeleton ? undefined : measureRef}
      onFocus={completeNow}
      onPointerEnter={fastScroll ? undefined : completeNow}
      className={clsx('absolute top-0 left-0 grid w-full', !skeleton && 'items-start')}
      style={{
        transform: `translateY(${top}px)`,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gap,
        height: skeleton ? height : undefined,
      }}
    >
      {voices.slice(first, first + columns).map((voice, column) => {
        const index = first + column;
        const selected = compareIds.includes(voice.voice_id);
        return (
          <div
            key={voice.voice_id}
            role="listitem"
            aria-posinset={index + 1}
            aria-setsize={voices.length}
          >
            {skeleton ? (
              <VoiceCardSkeleton voice={voice} />
            ) : (
              <VoiceCard
                voice={voice}
                scope={scope}
                index={index}
                tabbable={index === tabbableIndex}
                compareSelected={selected}
                compareDisabled={!selected && compareIds.length >= 2}
                onToggleCompare={onToggleCompare}
                lite={stage === 'lite'}
              />
            )}
          </div>
        );
      })}
    </div>
  );
});
