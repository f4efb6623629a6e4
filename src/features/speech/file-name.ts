const pad = (value: number) => String(value).padStart(2, '0');

/**
 * `en_aria-2026-11-21-0930.mp3`: the voice, the local time of the synthesis to the minute, and
 * the format. Characters a file system may refuse are replaced, so any voice id is safe.
 */
export function buildAudioFileName(voiceId: string, at: Date, format: string): string {
  const voice = voiceId.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'speech';
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}${pad(at.getMinutes())}`;
  const extension = format.replace(/[^A-Za-z0-9]+/g, '') || 'audio';
  return `${voice}-${date}-${time}.${extension}`;
}

const audioTypes: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

/** The MIME type of a speech format, for the Blob the browser plays and saves. */
export function audioMimeType(format: string): string {
  return audioTypes[format] ?? 'application/octet-stream';
}
