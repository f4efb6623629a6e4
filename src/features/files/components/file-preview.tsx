import type { StoredFile } from '../../../api/contract/files';
import { ErrorView } from '../../../components/error-view';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';
import { safeHttpUrl } from '../../../lib/safe-url';
import { mediaKindOf } from '../media-kind';

export interface PreviewState {
  file: StoredFile | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
}

export function FilePreview({
  state,
  filename,
  fallbackType,
}: {
  state: PreviewState;
  filename: string;
  fallbackType?: string;
}) {
  if (state.loading) {
    return (
      <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
        Loading preview…
      </p>
    );
  }
  if (state.error || !state.file) {
    return (
      <ErrorView
        error={state.error ?? new Error('No preview')}
        title="Could not load the preview"
        onRetry={state.retry}
      />
    );
  }
  const url = safeHttpUrl(state.file.url, document.baseURI);
  if (!url) {
    return <p className="text-sm text-red-700 dark:text-red-400">The file URL is not a web URL.</p>;
  }
  const label = `Preview of ${filename}`;
  switch (mediaKindOf(state.file.content_type ?? fallbackType)) {
    case 'audio':
      return <WaveformPlayer src={url} label={label} compact />;
    case 'image':
      return (
        <img
          src={url}
          alt={label}
          className="max-h-72 rounded-lg border border-zinc-200 object-contain dark:border-zinc-800"
        />
      );
    case 'video':
      return (
        <video
          src={url}
          controls
          preload="metadata"
          aria-label={label}
          className="max-h-72 rounded-lg bg-black"
        />
      );
    case 'other':
      return (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No preview for {state.file.content_type ?? 'this type'}.{' '}
          <a
            href={url}
            download={filename}
            className="text-brand-700 underline dark:text-brand-300"
          >
            Download {filename}
          </a>
        </p>
      );
  }
}
