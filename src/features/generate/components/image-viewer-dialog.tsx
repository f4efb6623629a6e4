import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { KeyboardEvent } from 'react';
import type { MediaItem } from '../extract-media';
import { DownloadLink } from './download-link';
import { downloadName } from './download-name';
import { mediaFacts } from './media-facts';

const navButton =
  'inline-flex h-8 items-center rounded-lg border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800';

/**
 * One image at full size, fit to the viewport. Esc and a click outside close it (Dialog does
 * both); with several images, buttons and the arrow keys step through them, wrapping around.
 */
export function ImageViewerDialog({
  images,
  label,
  index,
  onIndexChange,
  onClose,
}: {
  images: MediaItem[];
  label: string;
  /** The open image, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const image = index === null ? undefined : images[index];
  const several = images.length > 1;

  function step(by: number) {
    if (index === null) return;
    onIndexChange((index + by + images.length) % images.length);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (!several) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else return;
    event.preventDefault();
  }

  return (
    <Dialog open={image !== undefined} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/80" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {image && index !== null && (
          <DialogPanel
            onKeyDown={onKeyDown}
            className="flex max-h-full max-w-full flex-col gap-3 rounded-xl bg-white p-4 shadow-xl dark:bg-zinc-900"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <DialogTitle className="text-sm font-semibold">
                {label} image {index + 1}
                {several && (
                  <span className="font-normal text-zinc-500 dark:text-zinc-400">
                    {' '}
                    of {images.length}
                  </span>
                )}
              </DialogTitle>
              <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                {mediaFacts(image)}
              </span>
              <div className="ml-auto flex items-center gap-1">
                <DownloadLink
                  item={image}
                  name={`${label} image ${index + 1}`}
                  fileName={downloadName(image, label, index + 1)}
                />
                <button type="button" onClick={onClose} className={navButton}>
                  Close
                </button>
              </div>
            </div>
            <img
              src={image.url}
              alt={`${label} image ${index + 1}`}
              width={image.width}
              height={image.height}
              // Natural size, shrunk (never stretched) to what the viewport leaves.
              className="mx-auto h-auto max-h-[calc(100dvh-10rem)] w-auto max-w-full min-w-0 object-contain"
            />
            {several && (
              <div className="flex justify-between">
                <button type="button" onClick={() => step(-1)} className={navButton}>
                  <span aria-hidden="true">←</span> Previous
                </button>
                <button type="button" onClick={() => step(1)} className={navButton}>
                  Next <span aria-hidden="true">→</span>
                </button>
              </div>
            )}
          </DialogPanel>
        )}
      </div>
    </Dialog>
  );
}
