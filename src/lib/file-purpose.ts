import type { FilePurpose } from '../api/contract/files';

const extensionTypes: Record<string, FilePurpose> = {
  wav: 'audio-input',
  mp3: 'audio-input',
  ogg: 'audio-input',
  flac: 'audio-input',
  m4a: 'audio-input',
  png: 'image-input',
  jpg: 'image-input',
  jpeg: 'image-input',
  webp: 'image-input',
  gif: 'image-input',
  mp4: 'video-input',
  mov: 'video-input',
  webm: 'video-input',
};

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/**
 * The purpose a file most likely has, from its MIME type, else its extension (browsers leave
 * `type` empty for formats they do not know). Anything else, archives included, is general.
 */
export function guessPurpose(file: { type: string; name: string }): FilePurpose {
  const type = file.type.toLowerCase();
  if (type.startsWith('audio/')) return 'audio-input';
  if (type.startsWith('image/')) return 'image-input';
  if (type.startsWith('video/')) return 'video-input';
  return extensionTypes[extensionOf(file.name)] ?? 'general';
}
