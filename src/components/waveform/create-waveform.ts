import type WaveSurfer from 'wavesurfer.js';
import { readWaveColors, watchTheme } from './theme-colors';

/** The drawing half of a player. Playback state lives on the <audio> element, not here. */
export interface Waveform {
  setHeight(px: number): void;
  destroy(): void;
}

interface CreateWaveformOptions {
  container: HTMLElement;
  /** The player's own element: wavesurfer follows it instead of creating a second one. */
  media: HTMLMediaElement;
  /** Already set as the element's src; wavesurfer fetches it again only to decode and draw. */
  url: string;
  height: number;
  /** The audio was decoded and drawn; its duration in seconds. */
  onDrawn: (durationS: number) => void;
}

/** wavesurfer.js loads with the first waveform drawn, not with the page that may show one. */
const loadWaveSurfer = () => import('wavesurfer.js').then((module) => module.default);

/**
 * Creates the waveform for one player, or returns null where it cannot run. Either way the
 * element still plays: until (or unless) wavesurfer draws, the player keeps its placeholder bars.
 */
export function createWaveform({
  container,
  media,
  url,
  height,
  onDrawn,
}: CreateWaveformOptions): Waveform | null {
  // wavesurfer decodes with an AudioContext; without one (old browsers, jsdom) downloading the
  // audio a second time to draw it would be wasted.
  if (typeof AudioContext === 'undefined') return null;
  let currentHeight = height;
  let wavesurfer: WaveSurfer | null = null;
  let destroyed = false;
  let stopWatching = () => {};
  loadWaveSurfer().then(
    (WaveSurfer) => {
      if (destroyed) return;
      try {
        wavesurfer = WaveSurfer.create({
          container,
          media,
          // Loaded by wavesurfer itself as it is created: a second load() would fetch and
          // decode the same audio twice.
          url,
          height: currentHeight,
          // Seeking (pointer and keyboard) is handled by the player's slider, in one place.
          interact: false,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          cursorWidth: 0,
          ...readWaveColors(container),
        });
      } catch {
        return;
      }
      const drawn = wavesurfer;
      // Its first load starts on the next microtask: listening now still hears it. A failed
      // fetch or decode (e.g. a cross-origin URL without CORS headers) only costs the drawing;
      // the element loads the URL itself and reports its own errors.
      drawn.on('decode', onDrawn);
      stopWatching = watchTheme(() => drawn.setOptions(readWaveColors(container)));
    },
    // Offline after the page loaded, or a new deploy removed the chunk: the bars stay.
    () => {},
  );
  return {
    setHeight: (px) => {
      currentHeight = px;
      wavesurfer?.setOptions({ height: px });
    },
    destroy: () => {
      destroyed = true;
      stopWatching();
      wavesurfer?.destroy();
    },
  };
}
