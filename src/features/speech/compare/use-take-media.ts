import { useEffect, useEffectEvent, useState, type RefObject } from 'react';
import { createWaveform } from '../../../components/waveform/create-waveform';
import { openMediaSource } from '../../../components/waveform/media-source';

/**
 * Gives a compared take's <audio> element its source and draws its waveform with wavesurfer,
 * following that element. The whole take is buffered ahead ('auto': its bytes, usually
 * already in memory), so switching to it at any position starts without waiting.
 */
export function useTakeMedia(
  media: RefObject<HTMLAudioElement | null>,
  container: RefObject<HTMLDivElement | null>,
  /** Null while it is not known yet: nothing is attached. */
  audio: Blob | string | null,
  height: number,
): { drawn: boolean } {
  const [drawn, setDrawn] = useState(false);
  const creationHeight = useEffectEvent(() => height);

  useEffect(() => {
    const el = media.current;
    const box = container.current;
    if (!el || !box || audio === null) return;
    const source = attachSource(el, audio);
    const waveform = createWaveform({
      container: box,
      media: el,
      url: source.url,
      height: creationHeight(),
      onDrawn: () => setDrawn(true),
    });
    return () => {
      waveform?.destroy();
      detachSource(el);
      source.close();
    };
  }, [media, container, audio]);

  return { drawn };
}

function attachSource(el: HTMLMediaElement, audio: Blob | string) {
  const source = openMediaSource(audio);
  el.preload = 'auto';
  el.src = source.url;
  return source;
}

function detachSource(el: HTMLMediaElement) {
  if (!el.paused) el.pause();
  el.removeAttribute('src');
}
