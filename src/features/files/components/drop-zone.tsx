import clsx from 'clsx';
import { useRef, useState, type DragEvent } from 'react';

function hasFiles(event: DragEvent) {
  return event.dataTransfer.types.includes('Files');
}

/**
 * Drop files here or press it to open the picker: one control for mouse, keyboard and touch.
 * The native input stays in the DOM (visually hidden) so automation and assistive tech can
 * reach it too.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed; a count tells when the pointer really left.
  const depth = useRef(0);

  function leave() {
    depth.current = 0;
    setOver(false);
  }

  return (
    <div>
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          depth.current += 1;
          setOver(true);
        }}
        onDragOver={(event) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => {
          depth.current -= 1;
          if (depth.current <= 0) leave();
        }}
        onDrop={(event) => {
          event.preventDefault();
          leave();
          const files = Array.from(event.dataTransfer.files);
          if (files.length > 0) onFiles(files);
        }}
        aria-describedby="drop-zone-hint"
        className={clsx(
          'flex w-full flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          over
            ? 'border-brand-500 bg-brand-50 text-brand-700 dark:border-brand-400 dark:bg-brand-700/20 dark:text-brand-100'
            : 'border-zinc-300 bg-zinc-50 text-zinc-700 hover:border-brand-400 hover:bg-brand-50/60 dark:border-zinc-700 dark:bg-zinc-900/60 dark:text-zinc-200 dark:hover:border-brand-500 dark:hover:bg-zinc-800/60',
        )}
      >
        <UploadIcon />
        <span className="text-sm font-semibold">
          {over ? 'Drop to add these files' : 'Drop files here or choose files'}
        </span>
        <span id="drop-zone-hint" className="text-xs text-zinc-500 dark:text-zinc-400">
          Audio, images, video or zip archives. You can set each file’s purpose before uploading.
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        aria-label="Choose files to upload"
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared, so choosing the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}

function UploadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className="size-8 text-brand-600 dark:text-brand-400"
    >
      <path d="M12 16V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
    </svg>
  );
}
