import { useMemo, type ReactNode } from 'react';
import { extractMedia, type MediaKind } from '../extract-media';
import { AudioOutput } from './audio-output';
import { ImageGrid } from './image-grid';
import { JsonView } from './json-view';
import { OtherLinks } from './other-links';
import { VideoOutput } from './video-output';

/**
 * The `data` of a generation response, whatever its shape: every media URL in it shown by
 * kind, and whatever else it holds as JSON text.
 */
export function GenerationResult({ data, label }: { data: unknown; label: string }) {
  const { media, rest } = useMemo(() => extractMedia(data), [data]);
  const byKind = (kind: MediaKind) => media.filter((item) => item.kind === kind);
  const images = byKind('image');
  const videos = byKind('video');
  const audios = byKind('audio');
  const others = byKind('other');

  return (
    <div className="space-y-5">
      {images.length > 0 && (
        <Group title={'Images'}>
          <ImageGrid images={images} label={label} />
        </Group>
      )}
      {videos.length > 0 && (
        <Group title={'Videos'}>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {videos.map((video, i) => (
              <VideoOutput key={video.url} video={video} label={label} n={i + 1} />
            ))}
          </div>
        </Group>
      )}
      {audios.length > 0 && (
        <Group title={'Audio'}>
          <div className="space-y-2">
            {audios.map((audio, i) => (
              <AudioOutput key={audio.url} audio={audio} label={label} n={i + 1} />
            ))}
          </div>
        </Group>
      )}
      {others.length > 0 && (
        <Group title={'Other links'}>
          <OtherLinks links={others} />
        </Group>
      )}
      {media.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No media URL found in the response.
        </p>
      )}
      {rest !== undefined && <JsonView value={rest} defaultOpen={media.length === 0} />}
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-zinc-700 dark:text-zinc-200">{title}</h3>
      {children}
    </section>
  );
}
