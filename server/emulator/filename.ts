/** File systems and browsers cope with 255 bytes; 200 characters leaves room for UTF-8. */
export const maxFilenameLength = 200;

/**
 * A display-safe file name from whatever a client sent: the last path segment only (a browser
 * may send `C:\Users\me\clip.wav`), no control or bidi-override characters, no leading dots,
 * at most maxFilenameLength characters with the extension kept. Never empty.
 */
export function sanitizeFilename(raw: string | undefined | null, fallback = 'upload'): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const chars = Array.from(cleaned);
  if (chars.length === 0) return fallback;
  if (chars.length <= maxFilenameLength) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(cleaned.slice(dot)) : [];
  // An "extension" longer than 16 characters is not one: cut plainly.
  const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
  return chars.slice(0, maxFilenameLength - keep.length).join('') + keep.join('');
}
