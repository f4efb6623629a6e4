/** Anything that can be told to stop: a waveform player, a plain media element. */
export interface AudioOwner {
  pause(): void;
}

let owner: AudioOwner | null = null;

/**
 * The app-wide rule that only one thing plays at a time. Players claim it when they start;
 * the previous owner is paused, so two previews never talk over each other.
 */
export const audioController = {
  claim(next: AudioOwner): void {
    if (owner === next) return;
    const previous = owner;
    // Take ownership before pausing, so a previous owner that reacts to its own pause
    // (by releasing) cannot clear the new claim.
    owner = next;
    previous?.pause();
  },
  release(current: AudioOwner): void {
    if (owner === current) owner = null;
  },
  current(): AudioOwner | null {
    return owner;
  },
};

/**
 * Makes a plain <audio>/<video> element obey the rule: it claims when it starts playing,
 * whoever started it (our button, native controls, autoplay), and releases when it stops.
 * Returns the cleanup for an effect.
 */
export function claimMediaElement(el: HTMLMediaElement): () => void {
  const self: AudioOwner = { pause: () => el.pause() };
  const claim = () => audioController.claim(self);
  const release = () => audioController.release(self);
  el.addEventListener('play', claim);
  el.addEventListener('pause', release);
  el.addEventListener('ended', release);
  return () => {
    el.removeEventListener('play', claim);
    el.removeEventListener('pause', release);
    el.removeEventListener('ended', release);
    release();
  };
}
