import { useEffect, useRef } from 'react';
import { claimMediaElement } from '../../../lib/audio-controller';
import type { MediaItem } from '../extract-media';
import { DownloadLink } from './download-link';
import { downloadName } from './download-name';
import { mediaFacts } from './media-facts';

/** One video output with its size, length and a Download link. */
export function VideoOutput({ video, label, n }: { video: MediaItem; label: string; n: number }) {
  const ref = useRef<HTMLVideoElement>(null);
  // Joins the app-wide "one medium at a time" rule, like every other player.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return claimMediaElement(element);
  }, []);
  const name = `${label} video ${n}`;
  return (
    <figure className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <video
        ref={ref}
        src={video.url}
        controls
        playsInline
        preload="metadata"
        aria-label={name}
        width={video.width}
        height={video.height}
        style={
          video.width && video.height
            ? { aspectRatio: `${video.width} / ${video.height}` }
            : undefined
        }
        className="aspect-video max-h-[70vh] w-full bg-black object-contain"
      />
      <figcaption className="flex items-center justify-between gap-2 px-3 py-2">
        <span className="truncate text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {mediaFacts(video)}
        </span>
        <DownloadLink item={video} name={name} fileName={downloadName(video, label, n)} />
      </figcaption>
    </figure>
  );
}
