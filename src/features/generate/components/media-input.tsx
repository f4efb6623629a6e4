import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { safeHttpUrl } from '../../../lib/safe-url';
import { fileAccept, type MediaAccept } from '../tool-fields';
import { useFileUpload, type UploadFn } from '../use-file-upload';
import { MediaPreview } from './media-preview';

export type MediaLoadState = 'empty' | 'checking' | 'loaded' | 'failed';

export interface MediaInputProps {
  field: { name: string; label: string; required: boolean; hint?: string; accept: MediaAccept };
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Uploads a file, reporting progress 0..1; resolves to the URL the service serves it at. Supplied by the page. */
  upload: UploadFn;
  /** Reports whether the current URL loads in the browser, so the form can refuse a URL that does not. */
  onLoadState?: (state: MediaLoadState) => void;
}

/** Typing pauses this long before the URL is previewed, so a half-typed URL is not fetched. */
const previewDelayMs = 400;

/** One media URL: typed, or filled in by uploading a file, and previewed to show it loads. */
export function MediaInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  upload,
  onLoadState,
}: MediaInputProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const trimmed = value.trim();
  const [previewUrl, setPreviewUrl] = useState(trimmed);
  // The MIME type of the file behind an uploaded URL says how to preview it.
  const [uploaded, setUploaded] = useState<{ url: string; mimeType: string } | null>(null);
  const [result, setResult] = useState<{ key: string; state: 'loaded' | 'failed' } | null>(null);

  useEffect(() => {
    if (trimmed === previewUrl) return;
    const timer = setTimeout(() => setPreviewUrl(trimmed), previewDelayMs);
    return () => clearTimeout(timer);
  }, [trimmed, previewUrl]);

  const uploader = useFileUpload(upload, (url, file) => {
    setUploaded({ url, mimeType: file.type });
    setPreviewUrl(url.trim()); // Not typed: no reason to wait.
    onChange(url);
  });
  const uploadState = uploader.state;

  const safeUrl = safeHttpUrl(previewUrl);
  const mimeType = uploaded?.url.trim() === previewUrl ? uploaded.mimeType : undefined;
  const previewKey = `${safeUrl}|${mimeType ?? ''}`;
  const settled = trimmed !== '' && trimmed === previewUrl;

  let loadState: MediaLoadState = 'checking';
  if (!trimmed) loadState = 'empty';
  else if (settled && !safeUrl) loadState = 'failed';
  else if (settled && result?.key === previewKey) loadState = result.state;

  const report = useEffectEvent((state: MediaLoadState) => onLoadState?.(state));
  useEffect(() => report(loadState), [loadState]);

  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const notHttp = settled && !safeUrl;
  const urlProblemId = notHttp || loadState === 'failed' ? `${id}-url` : undefined;
  const uploadErrorId = `${id}-upload-error`;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">
            (required)
          </span>
        )}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          name={field.name}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://…"
          value={value}
          readOnly={uploadState.status === 'uploading'}
          onChange={(event) => {
            // Typing a URL replaces whatever an earlier upload said.
            uploader.reset();
            onChange(event.target.value);
          }}
          onBlur={onBlur}
          aria-required={field.required || undefined}
          aria-invalid={error || loadState === 'failed' ? true : undefined}
          aria-describedby={[hintId, errorId, urlProblemId].filter(Boolean).join(' ') || undefined}
          className="block min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-400 read-only:bg-zinc-50 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <Button
          variant="secondary"
          aria-label={`Upload a file for ${field.label}`}
          disabled={uploadState.status === 'uploading'}
          onClick={() => fileInput.current?.click()}
        >
          Upload a file instead
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={fileAccept(field.accept)}
          aria-label={`${field.label} file`}
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so picking the same file again still counts as a change.
            event.target.value = '';
            if (file) uploader.start(file);
          }}
        />
      </div>
      {field.hint && (
        <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {uploadState.status === 'uploading' && (
        <div className="mt-2 flex items-center gap-3 text-xs">
          <div
            role="progressbar"
            aria-label={`Uploading ${uploadState.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(uploadState.progress * 100)}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
          >
            <div
              className="h-full bg-brand-600 transition-[width]"
              style={{ width: `${uploadState.progress * 100}%` }}
            />
          </div>
          <span className="tabular-nums">{Math.round(uploadState.progress * 100)}%</span>
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            aria-label={`Cancel upload for ${field.label}`}
            onClick={uploader.cancel}
          >
            Cancel
          </Button>
        </div>
      )}
      {uploadState.status === 'failed' && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
          <p id={uploadErrorId} role="alert" className="font-medium text-red-600 dark:text-red-400">
            Uploading {uploadState.file.name} failed: {uploadState.error}
          </p>
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            aria-describedby={uploadErrorId}
            onClick={uploader.retry}
          >
            Retry upload
          </Button>
        </div>
      )}
      {notHttp && (
        <p id={urlProblemId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          Enter an http(s) URL.
        </p>
      )}
      {trimmed && safeUrl && (
        <div id={notHttp ? undefined : urlProblemId}>
          <MediaPreview
            key={previewKey}
            url={safeUrl}
            accept={field.accept}
            mimeType={mimeType}
            label={field.label}
            onResult={(state) => setResult({ key: previewKey, state })}
          />
        </div>
      )}
    </div>
  );
}
