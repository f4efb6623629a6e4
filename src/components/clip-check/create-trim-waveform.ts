import type { Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import { readWaveColors, watchTheme } from '../waveform/theme-colors';
import type { TrimRegion } from './trim-region';

/** The drawing and dragging half of the trimmer; the region's value lives in React state. */
export interface TrimWaveform {
  /** Moves the drawn region (after a slider or Trim silence changed it). */
  setRegion(region: TrimRegion): void;
  destroy(): void;
}

interface CreateTrimWaveformOptions {
  container: HTMLElement;
  /** The trimmer's own element: wavesurfer follows it (and its seeking) instead of making one. */
  media: HTMLMediaElement;
  url: string;
  /** The decoded samples: drawn as they are, so the clip is not fetched and decoded twice. */
  channels: readonly Float32Array[];
  duration: number;
  height: number;
  region: TrimRegion;
  minLength: number;
  /** Called while the region is dragged or resized, and when that ends. */
  onRegionChange: (region: TrimRegion) => void;
}

/** The library and its regions plugin load with the first trimmer opened, not with the page. */
const loadLibrary = () =>
  Promise.all([import('wavesurfer.js'), import('wavesurfer.js/dist/plugins/regions.esm.js')]);

/**
 * Draws the clip with one draggable, resizable region, or returns null where wavesurfer cannot
 * run (no AudioContext, as in jsdom): the sliders still trim without it.
 */
export function createTrimWaveform(options: CreateTrimWaveformOptions): TrimWaveform | null {
  if (typeof AudioContext === 'undefined') return null;
  const { container, media, url, channels, duration, height, minLength } = options;
  let region: Region | null = null;
  let pending: TrimRegion = options.region;
  let destroyed = false;
  let destroyWaveSurfer = () => {};

  loadLibrary().then(
    ([{ default: WaveSurfer }, { default: RegionsPlugin }]) => {
      if (destroyed) return;
      const regions = RegionsPlugin.create();
      const wavesurfer = WaveSurfer.create({
        container,
        media,
        height,
        // A click seeks there; dragging the region moves it instead.
        interact: true,
        barWidth: 2,
        barGap: 1,
        barRadius: 2,
        cursorWidth: 2,
        plugins: [regions],
        // Given at creation, so wavesurfer's own first load draws these samples. A load() call
        // after create() would be superseded by that first load, which fetches the element's
        // blob: URL (refused by the page's connect-src) to decode it again.
        url,
        peaks: [...channels],
        duration,
        ...trimColors(container),
      });
      const stopWatching = watchTheme(() => wavesurfer.setOptions(trimColors(container)));
      destroyWaveSurfer = () => {
        stopWatching();
        wavesurfer.destroy();
      };
      wavesurfer.on('ready', () => {
        if (destroyed || region) return;
        region = regions.addRegion({
          start: pending.start,
          end: pending.end,
          drag: true,
          resize: true,
          minLength,
          color: 'rgb(99 102 241 / 0.18)',
        });
        const report = () =>
          region && options.onRegionChange({ start: region.start, end: region.end });
        region.on('update', report);
        region.on('update-end', report);
      });
    },
    // Offline after the page loaded: the sliders still trim.
    () => {},
  );

  return {
    setRegion(next) {
      pending = next;
      if (region && (region.start !== next.start || region.end !== next.end))
        region.setOptions({ start: next.start, end: next.end });
    },
    destroy() {
      destroyed = true;
      destroyWaveSurfer();
    },
  };
}

/** The players' colours; the cursor, which the players hide, in the progress colour. */
function trimColors(container: HTMLElement) {
  const colors = readWaveColors(container);
  return { ...colors, cursorColor: colors.progressColor };
}
