import { useState } from 'react';
import type { MediaAccept } from '../tool-fields';

type MediaKind = 'image' | 'video' | 'audio';

const kindsOf: Record<MediaAccept, MediaKind[]> = {
  image: ['image'],
  video: ['video'],
  audio: ['audio'],
  'image-or-audio': ['image', 'audio'],
  'image-or-video': ['image', 'video'],
  any: ['image', 'video', 'audio'],
};

const extensionKinds: Record<string, MediaKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  bmp: 'image',
  svg: 'image',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  ogv: 'video',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  flac: 'audio',
  oga: 'audio',
  ogg: 'audio',
  opus: 'audio',
};

const kindNames: Record<MediaKind, string> = {
  image: 'an image',
  video: 'a video',
  audio: 'audio',
};

function hintedKind(url: string, mimeType: string | undefined): MediaKind | undefined {
  const fromMime = mimeType?.split('/')[0];
  if (fromMime === 'image' || fromMime === 'video' || fromMime === 'audio') return fromMime;
  const extension = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
  return extensionKinds[extension];
}

/**
 * The kinds to try, in order. A field takes one kind, or two and more when the spec allows
 * several; then the file's MIME type or the URL's extension says which to try first, and the
 * others are tried when it does not load (URLs often have no extension, or a misleading one).
 */
function kindsToTry(accept: MediaAccept, url: string, mimeType: string | undefined): MediaKind[] {
  const allowed = kindsOf[accept];
  const hinted = hintedKind(url, mimeType);
  if (!hinted || !allowed.includes(hinted)) return allowed;
  return [hinted, ...allowed.filter((kind) => kind !== hinted)];
}

function listKinds(kinds: MediaKind[]): string {
  const names = kinds.map((kind) => kindNames[kind]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}

interface MediaPreviewProps {
  /** An http(s) URL already checked by the caller. Key the preview by it to start over. */
  url: string;
  accept: MediaAccept;
  /** The MIME type of the uploaded file this URL serves, when known. */
  mimeType?: string;
  label: string;
  onResult: (result: 'loaded' | 'failed') => void;
}

/** Shows a media URL as image, video or audio, and reports whether the browser could load it. */
export function MediaPreview({ url, accept, mimeType, label, onResult }: MediaPreviewProps) {
  const [kinds] = useState(() => kindsToTry(accept, url, mimeType));
  const [attempt, setAttempt] = useState(0);
  const kind = kinds[attempt];

  const onError = () => {
    if (attempt + 1 < kinds.length) {
      setAttempt(attempt + 1);
    } else {
      setAttempt(kinds.length);
      onResult('failed');
    }
  };
  const onLoad = () => onResult('loaded');

  if (!kind) {
    return (
      <p role="alert" className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">
        This URL does not load as {listKinds(kinds)}; check it or upload the file instead.
      </p>
    );
  }

  const name = `Preview of ${label}`;
  const frame = 'mt-2 max-h-48 max-w-full rounded-lg border border-zinc-200 dark:border-zinc-700';
  switch (kind) {
    case 'image':
      return (
        <img key={kind} src={url} alt={name} className={frame} onLoad={onLoad} onError={onError} />
      );
    case 'video':
      return (
        <video
          key={kind}
          src={url}
          muted
          preload="metadata"
          controls
          aria-label={name}
          className={frame}
          onLoadedMetadata={onLoad}
          onError={onError}
        />
      );
    case 'audio':
      return (
        <audio
          key={kind}
          src={url}
          controls
          preload="metadata"
          aria-label={name}
          className="mt-2 w-full"
          onLoadedMetadata={onLoad}
          onError={onError}
        />
      );
  }
}
