export type MediaKind = 'audio' | 'image' | 'video' | 'other';

/** Which viewer a file gets, from its content type. */
export function mediaKindOf(contentType: string | undefined): MediaKind {
  const type = contentType?.toLowerCase() ?? '';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return 'other';
}

/** Only web URLs reach a media element: a javascript: or data: URL from a bad answer never does. */
export function safeMediaUrl(url: string, base: string = document.baseURI): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
