import { useEffect, useRef } from 'react';

/** wavesurfer and its record plugin load with the first recording, not with the page. */
const loadRecordDrawing = () =>
  Promise.all([
    import('wavesurfer.js').then((module) => module.default),
    import('wavesurfer.js/dist/plugins/record.esm.js').then((module) => module.default),
  ]);

/**
 * The microphone's sound drawn as it comes, by wavesurfer's record plugin. Only the drawing is
 * the plugin's: the recorder opens the microphone and records itself (use-recorder.ts), so
 * device choice, a lost device and the take stay in one place. Decorative: the level meter and
 * the timer carry the same information for everyone.
 */
export function LiveWaveform({ stream }: { stream: MediaStream }) {
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let stopped = false;
    let teardown = () => {};
    loadRecordDrawing().then(
      ([WaveSurfer, RecordPlugin]) => {
        if (stopped) return;
        const style = getComputedStyle(container);
        const wavesurfer = WaveSurfer.create({
          container,
          height: 64,
          interact: false,
          cursorWidth: 0,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          waveColor: style.getPropertyValue('--wave-progress').trim() || '#4f46e5',
        });
        // The plugin draws a scrolling window of the last seconds, and never records or
        // stops the stream here: it is given the stream instead of opening its own.
        const record = wavesurfer.registerPlugin(
          RecordPlugin.create({ scrollingWaveform: true, renderRecordedAudio: false }),
        );
        const drawing = record.renderMicStream(stream);
        teardown = () => {
          drawing.onDestroy();
          wavesurfer.destroy();
        };
      },
      // Offline, or a new deploy removed the chunk: the meter still shows the level.
      () => {},
    );
    return () => {
      stopped = true;
      teardown();
    };
  }, [stream]);

  return (
    <div
      ref={containerRef}
      aria-hidden
      className="h-16 w-full [--wave-progress:var(--color-brand-600,#4f46e5)] dark:[--wave-progress:var(--color-brand-500,#6366f1)]"
    />
  );
}
