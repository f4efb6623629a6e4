import { useLayoutEffect, useRef, useState } from 'react';
import { PlayIcon } from '../../../components/waveform/player-icons';
import { SeekSlider } from '../../../components/waveform/seek-slider';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';

// The player's compact size: the stand-in takes exactly its place, so nothing moves on Play.
const height = 48;

/**
 * A card's preview. Until its first Play it is a stand-in that looks like an idle player but
 * has no <audio>: inserting a media element costs about a millisecond, and a fast scroll
 * through the catalog mounts several cards a frame. Play swaps in the real player, which
 * starts at once and keeps the keyboard focus where it was.
 */
export function VoicePreview({ src, voiceName }: { src: string; voiceName: string }) {
  const label = `Preview of ${voiceName}`;
  const [active, setActive] = useState(false);
  // Where the keyboard focus was on the stand-in, so it lands on the same control of the player.
  const [moveFocus, setMoveFocus] = useState<'button' | '[role="slider"]' | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (moveFocus) box.current?.querySelector<HTMLElement>(moveFocus)?.focus();
  }, [moveFocus]);

  if (active) {
    return (
      <div ref={box}>
        <WaveformPlayer src={src} label={label} loadOn="mount" autoPlay compact height={height} />
      </div>
    );
  }
  return (
    <div role="group" aria-label={label} className="flex min-w-0 items-center gap-2">
      <button
        type="button"
        onClick={(event) => {
          setMoveFocus(document.activeElement === event.currentTarget ? 'button' : null);
          setActive(true);
        }}
        aria-label={`Play ${label}`}
        className="inline-flex size-8 shrink-0 max-md:size-11 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700"
      >
        <PlayIcon className="size-4" />
      </button>
      <SeekSlider
        label={label}
        time={0}
        duration={0}
        height={height}
        loading={false}
        drawn={false}
        waveformRef={null}
        onSeek={() => {}}
        // Space on the stand-in's waveform starts it, as on every player's waveform.
        onTogglePlay={() => {
          setMoveFocus('[role="slider"]');
          setActive(true);
        }}
      />
      <p className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">0:00 / -:--</p>
    </div>
  );
}
