import { lazy, Suspense, useState } from 'react';
import type { MediaItem } from '../extract-media';
import { DownloadLink } from './download-link';
import { downloadName } from './download-name';
import { mediaFacts } from './media-facts';

/** The full-size viewer (and its dialog library) loads when an image is first opened. */
const ImageViewerDialog = lazy(() =>
  import('./image-viewer-dialog').then((m) => ({ default: m.ImageViewerDialog })),
);

/** Thumbnails of the image outputs; each opens the full-size viewer. */
export function ImageGrid({ images, label }: { images: MediaItem[]; label: string }) {
  const [open, setOpen] = useState<number | null>(null);
  // Mounted from the first opening on, so closing keeps the dialog's leave transition.
  const [viewed, setViewed] = useState(false);
  if (open !== null && !viewed) setViewed(true);
  return (
    <>
      <ul
        className={
          // A single result gets the room; several share it.
          images.length === 1
            ? 'grid max-w-xl grid-cols-1'
            : 'grid grid-cols-2 gap-3 xl:grid-cols-3'
        }
      >
        {images.map((image, i) => {
          const name = `${label} image ${i + 1}`;
          const facts = mediaFacts(image);
          return (
            <li
              key={image.url}
              className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
            >
              <button
                type="button"
                onClick={() => setOpen(i)}
                aria-label={`View ${name} full size`}
                className="group block bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-500 dark:bg-zinc-800"
              >
                <img
                  src={image.url}
                  alt={name}
                  loading="lazy"
                  width={image.width}
                  height={image.height}
                  className="aspect-square w-full object-contain transition-opacity group-hover:opacity-90"
                />
              </button>
              <div className="flex items-center justify-between gap-2 px-2 py-1.5">
                <span className="min-w-0 text-xs break-words text-zinc-500 tabular-nums dark:text-zinc-400">
                  {facts}
                </span>
                <DownloadLink
                  item={image}
                  name={name}
                  fileName={downloadName(image, label, i + 1)}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {viewed && (
        <Suspense fallback={null}>
          <ImageViewerDialog
            images={images}
            label={label}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}
