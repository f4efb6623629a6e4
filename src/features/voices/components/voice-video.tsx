import { useEffect, useRef } from 'react';
import { claimMediaElement } from '../../../lib/audio-controller';

/**
 * The video preview, mounted only when asked for so nothing downloads before. It joins the
 * app-wide "one medium at a time" rule: starting it pauses any audio, and the reverse.
 */
export function VoiceVideo({ src, voiceName }: { src: string; voiceName: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return claimMediaElement(element);
  }, []);
  return (
    <video
      ref={ref}
      src={src}
      controls
      autoPlay
      playsInline
      preload="metadata"
      aria-label={`Video preview of ${voiceName}`}
      className="aspect-video w-full rounded-lg bg-black"
    />
  );
}
