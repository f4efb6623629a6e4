import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type UploadFn = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<string>;

export type FileUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; file: File; progress: number }
  | { status: 'failed'; file: File; error: string }
  | { status: 'done'; file: File; url: string };

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'The upload failed.';
}

/**
 * One file upload at a time, with progress, cancel and retry. A failed upload keeps its file,
 * so Retry needs no second pick; a newer upload or a cancel makes an older one's result moot.
 */
export function useFileUpload(upload: UploadFn, onUploaded: (url: string, file: File) => void) {
  const [state, setState] = useState<FileUploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // The latest callbacks, read when an upload settles rather than when it started.
  const latest = useRef({ upload, onUploaded });
  useLayoutEffect(() => {
    latest.current = { upload, onUploaded };
  });

  // An upload nobody can see any more is not worth the bandwidth.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((file: File) => {
    controller.current?.abort();
    const attempt = new AbortController();
    controller.current = attempt;
    setState({ status: 'uploading', file, progress: 0 });
    const onProgress = (fraction: number) => {
      if (attempt.signal.aborted) return;
      const progress = Math.min(1, Math.max(0, fraction));
      setState((current) =>
        current.status === 'uploading' && current.file === file
          ? { ...current, progress }
          : current,
      );
    };
    latest.current.upload(file, onProgress, attempt.signal).then(
      (url) => {
        if (attempt.signal.aborted) return;
        controller.current = null;
        setState({ status: 'done', file, url });
        latest.current.onUploaded(url, file);
      },
      (error: unknown) => {
        // Cancelled on purpose (or superseded): not a failure to report.
        if (attempt.signal.aborted) return;
        controller.current = null;
        setState({ status: 'failed', file, error: messageOf(error) });
      },
    );
  }, []);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);

  const retry = useCallback(() => {
    if (state.status === 'failed') start(state.file);
  }, [state, start]);

  /** Forgets a finished or failed upload (e.g. once the user types a URL instead). */
  const reset = useCallback(() => {
    setState((current) =>
      current.status === 'failed' || current.status === 'done' ? { status: 'idle' } : current,
    );
  }, []);

  return { state, start, cancel, retry, reset };
}
