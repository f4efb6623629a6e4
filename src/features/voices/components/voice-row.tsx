import { memo, useEffect, useState, type Ref } from 'react';
import type { Voice, VoiceScope } from '../../../api/contract/voices';
import { whenIdle } from '../idle-queue';
import { VoiceCard } from './voice-card';

interface VoiceRowProps {
  rowIndex: number;
  /** Offset from the top of the grid, px. */
  top: number;
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
   * Mounted off screen (overscan) or mid-scroll: its cards start without their players and fill
   * them in when the main thread is idle, or at once when the row is pointed at or focused.
   * Only read on mount.
   */
  deferred: boolean;
}

/** One virtualized row of voice cards. */
export const VoiceRow = memo(function VoiceRow({
  rowIndex,
  top,
  columns,
  gap,
  voices,
  scope,
  tabbableIndex,
  compareIds,
  onToggleCompare,
  measureRef,
  deferred,
}: VoiceRowProps) {
  const [complete, setComplete] = useState(!deferred);
  useEffect(() => {
    if (complete) return;
    return whenIdle(() => setComplete(true));
  }, [complete]);
  const completeNow = () => {
    if (!complete) setComplete(true);
  };

  const first = rowIndex * columns;
  return (
    <div
      role="none"
      data-index={rowIndex}
      ref={measureRef}
      onFocus={completeNow}
      onPointerEnter={completeNow}
      className="absolute top-0 left-0 grid w-full items-start"
      style={{
        transform: `translateY(${top}px)`,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gap,
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
            <VoiceCard
              voice={voice}
              scope={scope}
              index={index}
              tabbable={index === tabbableIndex}
              compareSelected={selected}
              compareDisabled={!selected && compareIds.length >= 2}
              onToggleCompare={onToggleCompare}
              lite={!complete}
            />
          </div>
        );
      })}
    </div>
  );
});
