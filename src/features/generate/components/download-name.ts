import type { MediaItem } from '../extract-media';

const extensionsByType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
};
const fallbackExtensions: Record<MediaItem['kind'], string> = {
  image: 'png',
  video: 'mp4',
  audio: 'mp3',
  other: 'bin',
};

/**
 * The file name for a Download link: the URL's own file name when it has one ("gen_1-0.png"),
 * else "<label>-<n>.<ext>" with the extension from the content type or the kind.
 */
export function downloadName(item: MediaItem, label: string, n: number): string {
  const own = lastSegment(item.url);
  if (own && /\.[a-z0-9]{1,5}$/i.test(own)) return own;
  const slug =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'output';
  return `${slug}-${n}.${extensionFor(item)}`;
}

function lastSegment(url: string): string | undefined {
  const segment = new URL(url).pathname.split('/').pop();
  if (!segment) return undefined;
  try {
    // Characters that file systems refuse would only make the browser invent another name.
    return decodeURIComponent(segment).replace(/[\\/:*?"<>|]|\p{Cc}/gu, '_');
  } catch {
    return undefined;
  }
}

function extensionFor(item: MediaItem): string {
  const type = item.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && extensionsByType[type]) return extensionsByType[type];
  const subtype = type && /^[a-z]+\/([a-z0-9]{1,5})$/.exec(type)?.[1];
  return subtype || fallbackExtensions[item.kind];
}
