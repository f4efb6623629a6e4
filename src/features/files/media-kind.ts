export type MediaKind = 'audio' | 'image' | 'video' | 'other';

/** Which viewer a file gets, from its content type. */
export function mediaKindOf(contentType: string | undefined): MediaKind {
  const type = contentType?.toLowerCase() ?? '';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  return 'other';
}
